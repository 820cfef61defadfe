import { spawn } from 'node:child_process';
import path from 'node:path';

/** The repository tools `nlq` hands a command to, by their npm package (their own entry points run unchanged). */
export const DELEGATED_TOOLS = {
  eval: '@nlq/eval',
  'sample-db': '@nlq/sample-db',
} as const;

export type DelegatedCommand = keyof typeof DELEGATED_TOOLS;

/**
 * The command line that runs a tool's own entry point (`<package>/src/cli.ts`, e.g. tools/eval/src/cli.ts) with
 * `args`: this Node executable, the repository's TypeScript loader (tools/register.js, two folders above the
 * package, whether it sits in tools/ or libs/) and the entry point.
 */
export function toolCommandLine(command: DelegatedCommand, args: readonly string[]): { file: string; args: string[] } {
  const packageDir = path.dirname(require.resolve(`${DELEGATED_TOOLS[command]}/package.json`));
  const entry = path.join(packageDir, 'src', 'cli.ts');
  const register = path.resolve(packageDir, '..', '..', 'tools', 'register.js');
  return { file: process.execPath, args: ['-r', register, entry, ...args] };
}

/**
 * Runs `nlq eval ...` / `nlq sample-db ...` as the tool's own process, stdio inherited (its output, its usage
 * text), in the current directory. Resolves the tool's exit code (a signal counts as 1); never rejects except
 * when the process cannot start.
 */
export function runTool(command: DelegatedCommand, args: readonly string[]): Promise<number> {
  const { file, args: argv } = toolCommandLine(command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
