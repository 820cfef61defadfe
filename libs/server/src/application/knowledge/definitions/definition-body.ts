import type {
  KnowledgeDefinition,
  KnowledgeDefinitionBody,
  KnowledgeDefinitionKind,
  KnowledgeDefinitionStatus,
} from '@nlq/contracts';
import type { DefinitionChangeKind } from '../../../platform/state/repositories/knowledge-definitions.repository';
import {
  originView,
  toKnowledgeDefinition,
  type KnowledgeDefinitionEntity,
  type KnowledgeDefinitionVersionEntity,
} from '../../../platform/state/entities';
import type { FieldProblems } from '../../../platform/common/api.exception';
import { KIND_FIELDS, type DefinitionBodyDto } from './dto/definition.dto';

/** The name a definition is known by in its connection: its name, or null for an instruction or a description. */
export function definitionName(body: KnowledgeDefinitionBody): string | null {
  return body.kind === 'instruction' || body.kind === 'description' || body.kind === 'relationship' ? null : body.name;
}

/** How a report names a definition: its name, a description's target, the start of an instruction's text. */
export function definitionLabel(body: KnowledgeDefinitionBody): string {
  if (body.kind === 'description') return body.target;
  if (body.kind === 'relationship') return `${body.from} -> ${body.to}`;
  return definitionName(body) ?? `instruction: ${body.kind === 'instruction' ? body.text.slice(0, 60) : ''}`;
}

/**
 * The key that identifies a definition among the live ones of its connection when importing: the name in lower
 * case for the named kinds, scope and text for an instruction.
 */
export function definitionKey(body: KnowledgeDefinitionBody): string {
  if (body.kind === 'instruction') return `instruction\u0000${body.scope}\u0000${body.text.trim()}`;
  if (body.kind === 'description') return `description\u0000${body.target.trim().toLowerCase()}`;
  if (body.kind === 'relationship')
    return `relationship\u0000${body.from.trim().toLowerCase()}\u0000${body.to.trim().toLowerCase()}`;
  return `name\u0000${body.name.trim().toLowerCase()}`;
}

/** Fields given that the kind does not hold (`condition` on a metric), as 400 problems. */
export function foreignFields(input: object, kind: KnowledgeDefinitionKind, prefix = ''): FieldProblems {
  const own = KIND_FIELDS.get(kind) ?? [];
  return Object.keys(input)
    .filter((k) => k !== 'connection_id' && !own.includes(k) && (input as Record<string, unknown>)[k] !== undefined)
    .map((k) => ({ field: `${prefix}${k}`, problems: [`${k} is not a field of a ${kind} definition`] }));
}

/**
 * The definition a validated body describes, in canonical form: only the kind's fields, strings trimmed,
 * `synonyms` default `[]`, `description` default `''`, a metric's `filter` null when absent or empty.
 */
export function canonicalBody(input: DefinitionBodyDto): KnowledgeDefinitionBody {
  const synonyms = [...new Set((input.synonyms ?? []).map((s) => s.trim()).filter((s) => s.length > 0))];
  const description = (input.description ?? '').trim();
  switch (input.kind) {
    case 'metric': {
      const filter = input.filter?.trim() ? input.filter.trim() : null;
      return {
        kind: 'metric',
        name: (input.name ?? '').trim(),
        synonyms,
        description,
        expression: (input.expression ?? '').trim(),
        filter,
      };
    }
    case 'filter':
      return {
        kind: 'filter',
        name: (input.name ?? '').trim(),
        synonyms,
        description,
        condition: (input.condition ?? '').trim(),
      };
    case 'synonym':
      return { kind: 'synonym', name: (input.name ?? '').trim(), synonyms, target: (input.target ?? '').trim() };
    case 'instruction':
      return { kind: 'instruction', text: (input.text ?? '').trim(), scope: input.scope ?? 'sql' };
    case 'description':
      return { kind: 'description', target: (input.target ?? '').trim(), text: (input.text ?? '').trim() };
    case 'relationship':
      return { kind: 'relationship', from: (input.from ?? '').trim(), to: (input.to ?? '').trim() };
  }
}

/** Empty required strings left after trimming (a name of spaces), as 400 problems. */
export function blankFields(body: KnowledgeDefinitionBody, prefix = ''): FieldProblems {
  const required = new Map<KnowledgeDefinitionKind, string[]>([
    ['metric', ['name', 'expression']],
    ['filter', ['name', 'condition']],
    ['synonym', ['name', 'target']],
    ['instruction', ['text']],
    ['description', ['target', 'text']],
    ['relationship', ['from', 'to']],
  ]);
  const values = new Map(Object.entries(body));
  return (required.get(body.kind) ?? [])
    .filter((f) => !String(values.get(f) ?? '').trim())
    .map((f) => ({ field: `${prefix}${f}`, problems: [`${f} should not be empty`] }));
}

/** The stored body of a row. */
export function bodyOf(row: { body: string }): KnowledgeDefinitionBody {
  return JSON.parse(row.body) as KnowledgeDefinitionBody;
}

/** A definition row as the API answers it: the body and its bookkeeping. */
export function toView(row: KnowledgeDefinitionEntity): KnowledgeDefinition {
  return toKnowledgeDefinition(row);
}

/** A version row as the API answers it (`created_at` of the definition is not kept per version: the version's time). */
export function toVersionView(
  row: KnowledgeDefinitionVersionEntity,
  createdAt: string,
): KnowledgeDefinition & { change: DefinitionChangeKind } {
  return {
    id: row.definitionId,
    connection_id: row.connectionId,
    version: row.version,
    created_at: createdAt,
    updated_at: row.createdAt,
    updated_by: row.createdBy,
    deleted: Boolean(row.deleted),
    origin: originView(row.origin),
    status: row.status as KnowledgeDefinitionStatus,
    change: row.change as DefinitionChangeKind,
    ...bodyOf(row),
  };
}
