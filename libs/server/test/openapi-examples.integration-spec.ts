/**
 * /docs shows an example for every request body and every answer of every operation: this walks the
 * OpenAPI document the running app serves and names each operation, status and media type left without one. An
 * example is the media type's `example`/`examples`, or a schema that has one (its own `example`, or every property
 * with one, through `$ref`, `allOf` and array items). A schema-level example must carry every required property
 * and no property the schema does not declare, so an example cannot go stale when a DTO changes.
 */
import { call, removeDataDir, startTestApp, type TestApp } from '../src/testing/test-app';

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  example?: unknown;
  examples?: unknown;
};
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};
type OpenApi = {
  info: { description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Problems of `schema`'s example coverage: [] when it has one (see the file's comment). */
function exampleProblems(
  schema: Schema | undefined,
  schemas: Record<string, Schema>,
  seen: readonly string[] = [],
): string[] {
  if (!schema) return ['no schema'];
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    if (seen.includes(name)) return [];
    const target = schemas[name];
    return target
      ? exampleProblems(target, schemas, [...seen, name]).map((p) => `${name}: ${p}`)
      : [`unknown schema ${name}`];
  }
  if (schema.example !== undefined || schema.examples !== undefined) return staleExample(schema);
  if (schema.allOf) return schema.allOf.flatMap((part) => exampleProblems(part, schemas, seen));
  if (schema.type === 'array') return exampleProblems(schema.items, schemas, seen);
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      exampleProblems(property, schemas, seen).map((p) => `${name}: ${p}`),
    );
  }
  return ['no example'];
}

/** A schema-level example of an object schema that lacks a required property or names an undeclared one. */
function staleExample(schema: Schema): string[] {
  const example = schema.example;
  if (!schema.properties || typeof example !== 'object' || example === null || Array.isArray(example)) return [];
  const keys = Object.keys(example);
  return [
    ...(schema.required ?? [])
      .filter((name) => !keys.includes(name))
      .map((name) => `example lacks required property ${name}`),
    ...keys.filter((name) => !(name in schema.properties!)).map((name) => `example has undeclared property ${name}`),
  ];
}

function mediaProblems(
  where: string,
  content: Record<string, Media> | undefined,
  schemas: Record<string, Schema>,
): string[] {
  return Object.entries(content ?? {}).flatMap(([media, entry]) =>
    entry.example !== undefined || entry.examples !== undefined
      ? []
      : exampleProblems(entry.schema, schemas).map((p) => `${where} ${media}: ${p}`),
  );
}

describe('OpenAPI examples at /docs', () => {
  let t: TestApp;
  let doc: OpenApi;

  beforeAll(async () => {
    t = await startTestApp();
    const { status, body } = await call(`${t.url}/docs-json`);
    expect(status).toBe(200);
    doc = body;
  });
  afterAll(async () => {
    await t.close();
    removeDataDir(t.dataDir);
  });

  it('has an example for the request body and every answer of every operation', () => {
    const problems: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        problems.push(...mediaProblems(`${name} request body`, operation.requestBody?.content, doc.components.schemas));
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          problems.push(...mediaProblems(`${name} ${status}`, response.content, doc.components.schemas));
        }
      }
    }
    expect(operations).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });

  it('shows an example of the answer itself, not only of its fields, for a question and a trace', () => {
    const schemas = doc.components.schemas;
    expect(schemas.ChatResponseDto.example).toMatchObject({
      success: true,
      sql: expect.stringMatching(/^SELECT /),
      rows: expect.any(Array),
    });
    expect(schemas.TraceDto.example).toMatchObject({
      spans: expect.arrayContaining([
        expect.objectContaining({ detail: expect.objectContaining({ answeredBy: 'offline' }) }),
      ]),
    });
    const notFound = doc.paths['/approve/{session_id}'].post.responses!['404'].content!['application/json'];
    expect(notFound.example).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('speaks of the surfaces, not of sections of the specification', () => {
    expect(JSON.stringify(doc)).not.toMatch(/\bspec \d/);
    expect(doc.info.description).toMatch(/query adapter surface/);
  });
});
