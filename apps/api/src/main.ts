/**
 * Entry point: `npm run start:api` (node -r ./tools/register.js apps/api/src/main.ts). Builds the app from the
 * environment (see /.env.example), listens on HOST:PORT and prints, after the startup logs, a block with the URL and
 * where the service key is (startup-block.ts). Exits 1 with the reason when the
 * configuration is invalid or the port cannot be bound.
 *
 * SIGTERM / SIGINT: /readyz turns 503 at once; approved writes in flight get SHUTDOWN_GRACE_MS
 * to finish (else they are marked failed "interrupted"); the server stops accepting and in-flight requests finish;
 * pools and the state store close; exit 0. A second signal, or the deadline plus 5 s, exits 1 at once.
 */
import { createApp, AppConfig, ApiKeyService, ConfigValidationError, listenRefusal, ShutdownState } from '@nlq/server';
import { startupBlock, type ServiceKeySource } from './startup-block';

async function bootstrap(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  const refusal = listenRefusal(config);
  if (refusal) throw new ConfigValidationError([refusal]);
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
        process.stderr.write(
          `nlq api: error while stopping: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await app.listen(config.port, config.host);
  // Last, after every startup log line (written synchronously: platform/logging/logger.factory.ts), the URLs and
  // where the key is.
  process.stdout.write(
    startupBlock({ url: await app.getUrl(), mode: config.mode, key: serviceKeySource(app.get(ApiKeyService)) }),
  );
}

/** Where this start's service key came from, as the startup block names it. */
function serviceKeySource(keys: ApiKeyService): ServiceKeySource {
  if (keys.generatedServiceKey && keys.serviceKeyFile)
    return { kind: 'generated', key: keys.generatedServiceKey, file: keys.serviceKeyFile };
  if (keys.serviceKeyFile) return { kind: 'file', file: keys.serviceKeyFile };
  return { kind: 'setting' };
}

if (require.main === module) {
  bootstrap().catch((error: unknown) => {
    process.stderr.write(`nlq api failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
