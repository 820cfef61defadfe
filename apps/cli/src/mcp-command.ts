import type { CliOutput } from './cli-output';
import { parseMcpArguments, USAGE } from './cli-arguments';
import { startEmbeddedService, type EmbeddedService } from './embedded-service';
import { startMcpBridge } from './mcp-bridge';

/**
 * `nlq mcp [--url URL --key KEY | --database URL --data-dir DIR]` (docs/mcp.md): nlq as an MCP server on
 * stdin/stdout. The tools live once, in the api's /mcp (libs/server application/mcp); this command bridges the stdio
 * transport to it (startMcpBridge): the running service at --url with --key, or, without --url, the api embedded in
 * this process on a loopback port with its service key (startEmbeddedService). So both ways run the same tools
 * under the same key check, rate limits, audit and traces. While it runs, anything written with console.log goes
 * to stderr (stdout carries only MCP messages). Resolves 0 when the client closes stdin or on SIGINT/SIGTERM;
 * throws UsageError, EmbeddedStartError.
 */
export async function runMcp(argv: readonly string[], out: CliOutput): Promise<number> {
  const args = parseMcpArguments(argv);
  if (args.help) {
    out.stdout(`${USAGE}\n`);
    return 0;
  }
  const restoreConsole = consoleToStderr();
  let embedded: EmbeddedService | null = null;
  try {
    embedded = args.url === null ? await startEmbeddedService(args) : null;
    const base = embedded?.url ?? (args.url as string);
    const bridge = await startMcpBridge({
      endpoint: new URL('mcp', `${base}/`),
      key: embedded?.key ?? args.key,
      log: (line) => out.stderr(`${line}\n`),
    });
    const stop = () => void bridge.close();
    process.once('SIGINT', stop).once('SIGTERM', stop);
    try {
      await bridge.closed;
    } finally {
      process.off('SIGINT', stop).off('SIGTERM', stop);
    }
    return 0;
  } finally {
    await embedded?.close();
    restoreConsole();
  }
}

/** Sends console.log, console.info and console.debug to stderr; answers the function that restores them. */
function consoleToStderr(): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...items: unknown[]) => console.error(...items);
  return () => Object.assign(console, saved);
}
