import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_HEADER } from '../platform/auth/adapter-key.guard';
import { MEDIA_EXAMPLES, SCHEMA_EXAMPLES } from './openapi-examples';

/** Path of the OpenAPI UI; the JSON document is served at `/${OPENAPI_PATH}-json`. */
export const OPENAPI_PATH = 'docs';

/**
 * Serve the OpenAPI description at /docs (UI) and /docs-json (JSON) via @nestjs/swagger, with an example for every
 * request body and response (openapi-examples.ts, error-response.dto.ts).
 */
export function setupOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('nlq')
      .setDescription(
        'Natural-language query service: the query adapter surface (/query, /approve, /reject, /feedback, /session, ' +
          '/refresh, /health) and the application surface (/api) of the web app. Every non-2xx answer is ' +
          '{ statusCode, code, message, details?, requestId }. X-API-Key is required on the adapter surface only when ' +
          'SERVICE_API_KEY is set, and always on the application surface (/api, and /ws/live through its auth message).',
      )
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }, 'api_key')
      .build(),
  );
  SwaggerModule.setup(OPENAPI_PATH, app, withExamples(document));
}

/**
 * `document` with the examples of openapi-examples.ts set: each of SCHEMA_EXAMPLES on its component schema, each of
 * MEDIA_EXAMPLES on the success answer of its operation. An example naming a schema or operation the document lacks
 * is left out (libs/server/test/openapi-examples.integration-spec.ts then names what has no example).
 */
export function withExamples(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  for (const [name, example] of SCHEMA_EXAMPLES) {
    const schema = schemas[name];
    if (schema && !('$ref' in schema)) schema.example = example;
  }
  for (const [operation, byMedia] of MEDIA_EXAMPLES) {
    const [method, path] = operation.split(' ');
    const responses = document.paths[path]?.[method.toLowerCase() as 'get' | 'post']?.responses ?? {};
    for (const [status, response] of Object.entries(responses)) {
      if (!status.startsWith('2') || !response || '$ref' in response) continue;
      for (const [media, content] of Object.entries(response.content ?? {})) {
        if (byMedia[media] !== undefined) content.example = byMedia[media];
      }
    }
  }
  return document;
}
