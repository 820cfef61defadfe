import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Deepest nesting of objects and arrays in a JSON text, counted by one linear scan of its brackets outside string
 * literals; stops early and answers `limit + 1` once deeper than `limit`. Malformed text is not rejected here (the
 * parser does that); unbalanced brackets only make the count larger.
 */
export function jsonNestingDepth(text: string, limit = Number.MAX_SAFE_INTEGER): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return deepest;
}

/**
 * A body nested deeper than MAX_JSON_DEPTH: a 400 (code VALIDATION in the error shape); `statusCode` also lets
 * Fastify's own handler answer it before Nest's is installed.
 */
export class JsonTooDeepError extends BadRequestException {
  readonly statusCode = 400;

  constructor(maxDepth: number) {
    super(`The request body nests objects and arrays deeper than ${maxDepth} levels.`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * Replace Fastify's `application/json` parser with one that refuses bodies nested deeper than `maxDepth` (400)
 * before parsing, then parses with Fastify's own parser (prototype-poisoning keys refused, empty body 400). The
 * size limit (Fastify `bodyLimit`, MAX_BODY_BYTES: 413) applies first, while the body is read, on every route, so
 * nothing reaches validation (ValidationPipe, class-transformer, NoNulPipe) unbounded.
 */
export function registerJsonBodyParser(instance: FastifyInstance, maxDepth: number): void {
  const parse = instance.getDefaultJsonParser('error', 'error');
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestingDepth(text, maxDepth) > maxDepth) {
        done(new JsonTooDeepError(maxDepth), undefined);
        return;
      }
      parse(request, text, done);
    },
  );
}
