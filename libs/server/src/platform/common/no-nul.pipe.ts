import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { ApiException, type FieldProblems } from './api.exception';

/** Deepest level of a body that is searched for NUL characters (bodies are bounded by MAX_BODY_BYTES anyway). */
const MAX_DEPTH = 32;

/**
 * Global pipe of every body, query string and path parameter: a string containing U+0000 anywhere in it is 400
 * VALIDATION naming the field (`a.b` for nested fields), before any handler stores or looks it up. PostgreSQL
 * cannot hold NUL in text ("invalid byte sequence for encoding UTF8: 0x00"), so without this such input would be
 * a 500 with the state in PostgreSQL and accepted with SQLite. Values pass through unchanged.
 */
@Injectable()
export class NoNulPipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const fields: string[] = [];
    findNul(value, metadata.type === 'param' ? (metadata.data ?? '') : '', 0, fields);
    if (fields.length > 0) {
      const details: FieldProblems = fields.map((field) => ({
        field,
        problems: [`${field} must not contain NUL characters`],
      }));
      throw ApiException.validation(details);
    }
    return value;
  }
}

function findNul(value: unknown, path: string, depth: number, out: string[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path || 'value');
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) out.push(childPath);
    else findNul(child, childPath, depth + 1, out);
  }
}
