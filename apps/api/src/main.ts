/**
 * Entry point: `npm run start:api` (node -r ./tools/register.js apps/api/src/main.ts). Builds the app from the
 * environment (see /.env.example), listens on HOST:PORT and prints the URL; SIGTERM/SIGINT close it cleanly. Exits 1 with the reason when the
 * configuration is invalid or the port cannot be bound.
 */
import { createApp } from './app.factory';
import { AppConfig } from './config/app-config';
import { ApiKeyService } from './api-auth/api-key.service';

async function bootstrap(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  const app = await createApp();
  app.enableShutdownHooks();
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
