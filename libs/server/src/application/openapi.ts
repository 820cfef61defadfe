import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_HEADER } from '../platform/auth/adapter-key.guard';

/** Path of the OpenAPI UI; the JSON document is served at `/${OPENAPI_PATH}-json`. */
export const OPENAPI_PATH = 'docs';

/** Serve the OpenAPI description at /docs (UI) and /docs-json (JSON) via @nestjs/swagger. */
export function setupOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('nlq')
      .setDescription(
        'Natural-language query service. Query adapter surface (spec 4.1). Every non-2xx answer is ' +
          '{ statusCode, code, message, details?, requestId }. X-API-Key is required on the adapter surface only when ' +
          'SERVICE_API_KEY is set, and always on the application surface (/api, and /ws/live through its auth message).',
      )
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }, 'api_key')
      .build(),
  );
  SwaggerModule.setup(OPENAPI_PATH, app, document);
}
