/**
 * Entry point: `npm run start:api` (node -r ./tools/register.js apps/api/src/main.ts). Builds the app from the
 * environment (see /.env.example), listens on HOST:PORT and prints the URL. Exits 1 with the reason when the
 * configuration is invalid or the port cannot be bound.
 *
 * SIGTERM / SIGINT (issue 10 item 4): /readyz turns 503 at once; approved writes in flight get SHUTDOWN_GRACE_MS
 * to finish (else they are marked failed "interrupted"); the server stops accepting and in-flight requests finish;
 * pools and the state store close; exit 0. A second signal, or the deadline plus 5 s, exits 1 at once.
 */
import { createApp, AppConfig, ApiKeyService, ShutdownState } from '@nlq/server';

async function bootstrap(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  const app = await createApp();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write(`nlq api stopping (${signal}): finishing in-flight requests and approved writes\n`);
    app.get(ShutdownState).begin();
    setTimeout(() => {
      process.stderr.write('nlq api: shutdown deadline passed, exiting\n');
      process.exit(1);
    }, config.shutdownGraceMs + 5000).unref();
    app
      .close()
      .then(() => {
        process.stdout.write('nlq api stopped\n');
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`nlq api: error while stopping: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  process.stdout.write(`nlq api listening on ${url} (mode ${config.mode}; web app at ${url}/, OpenAPI at ${url}/docs)\n`);
  const generatedKey = app.get(ApiKeyService).generatedServiceKey;
  if (generatedKey) {
    // Printed once, on the first start without SERVICE_API_KEY (issue 3): the web app asks for it.
    process.stdout.write(`\nAPI key for the web app and /api (shown only now; kept in ${app.get(ApiKeyService).serviceKeyFile}):\n  ${generatedKey}\n\n`);
  }
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    process.stderr.write(`nlq api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
