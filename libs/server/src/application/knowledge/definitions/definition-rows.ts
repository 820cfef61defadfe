import type { KnowledgeDefinitionBody } from '@nlq/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { FieldProblems } from '../../../platform/common/api.exception';
import { flattenValidationErrors } from '../../../platform/common/validation.pipe';
import type { KnowledgeDefinitionEntity } from '../../../platform/state/entities';
import { blankFields, canonicalBody, definitionName, foreignFields } from './definition-body';
import { DefinitionBodyDto } from './dto/definition.dto';

/**
 * Version 1 of a new definition of `connectionId`, made at `at` (ISO-8601) by `userId`, `active` unless it is an
 * analyst's proposal (docs/knowledge.md "Proposals").
 */
export function firstVersion(
  connectionId: string,
  body: KnowledgeDefinitionBody,
  at: string,
  userId: string,
  origin: string | null = null,
  status: 'active' | 'proposed' = 'active',
): KnowledgeDefinitionEntity {
  return {
    id: randomUUID(),
    connectionId,
    kind: body.kind,
    name: definitionName(body),
    body: JSON.stringify(body),
    origin,
    version: 1,
    deleted: false,
    status,
    createdAt: at,
    updatedAt: at,
    updatedBy: userId,
  };
}

/**
 * The next version of `current` holding `body`, made at `at` (ISO-8601) by `userId`; its origin `origin` when given,
 * else the current one (an edit in nlq keeps where the definition came from).
 */
export function nextVersion(
  current: KnowledgeDefinitionEntity,
  body: KnowledgeDefinitionBody,
  at: string,
  userId: string,
  origin?: string | null,
): KnowledgeDefinitionEntity {
  return {
    ...current,
    origin: origin === undefined ? (current.origin ?? null) : origin,
    kind: body.kind,
    name: definitionName(body),
    body: JSON.stringify(body),
    version: current.version + 1,
    updatedAt: at,
    updatedBy: userId,
  };
}

/**
 * One definition of a request or a YAML document checked by the DTO's rules, then made canonical: the body, or the
 * problems (fields prefixed with `prefix`).
 */
export function validateBody(input: unknown, prefix: string): KnowledgeDefinitionBody | FieldProblems {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return [{ field: prefix.replace(/\.$/, '') || 'body', problems: ['must be a mapping of fields'] }];
  const dto = plainToInstance(DefinitionBodyDto, input);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) return flattenValidationErrors(errors, prefix.replace(/\.$/, ''));
  const foreign = foreignFields(input, dto.kind, prefix);
  if (foreign.length > 0) return foreign;
  const body = canonicalBody(dto);
  const blank = blankFields(body, prefix);
  return blank.length > 0 ? blank : body;
}
