import type { FastifyInstance } from 'fastify';
import { MAX_IMPORT_YAML } from './dto/definition.dto';

/** The path of the YAML import (POST), whose body may exceed MAX_BODY_BYTES. */
const IMPORT_PATH = '/api/knowledge/import';

/**
 * Body limit of POST /api/knowledge/import in bytes (docs/knowledge.md "YAML", docs/http-api.md): room for a YAML
 * document of MAX_IMPORT_YAML characters as a JSON string whose every character is escaped in two bytes (`\n`,
 * `\"`), plus the rest of the body; so that what the export writes, up to 1,000 definitions, imports back.
 */
export const KNOWLEDGE_IMPORT_BODY_BYTES = 2 * MAX_IMPORT_YAML + 4096;

/**
 * Gives the YAML import its own body limit (Fastify route option `bodyLimit`) while every other route keeps
 * MAX_BODY_BYTES, unless MAX_BODY_BYTES is larger. Register before the routes are (an `onRoute` hook).
 */
export function registerImportBodyLimit(fastify: FastifyInstance, defaultLimit: number): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url === IMPORT_PATH && methods.includes('POST'))
      route.bodyLimit = Math.max(defaultLimit, KNOWLEDGE_IMPORT_BODY_BYTES);
  });
}
