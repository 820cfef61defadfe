import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** apps/web of this checkout. */
export const WEB_APP_ROOT = path.resolve(__dirname, '..', '..', '..', 'web');

/**
 * Build the web app (apps/web, Vite) into `outDir` (absolute, emptied first) with the same vite.config.mts as
 * `npm run build:web`, so the source tree's own apps/web/dist is left alone. The production build talks to the
 * same origin (docs/http-api.md "Contract: application surface"), which is how the api serves it from WEB_DIST_DIR. Takes about 1 s.
 * @throws Error with vite's output when the build fails.
 */
export async function buildWebApp(outDir: string): Promise<void> {
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const env = { ...process.env };
  delete env.VITE_API_BASE; // same origin: the api under test serves the app
  try {
    await run(
      process.execPath,
      [viteBin, 'build', WEB_APP_ROOT, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { env, timeout: 60_000 },
    );
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`vite build of apps/web failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}
