import type { DatabaseSchema, KnowledgeDefinitionBody } from '@nlq/contracts';
import type { FieldProblems } from '../../../platform/common/api.exception';
import type { KnowledgeDefinitionEntity } from '../../../platform/state/entities';
import { definitionLabel } from '../definitions/definition-body';
import { checkImport } from '../definitions/knowledge-import';

/** The translated definitions of a dbt import after nlq's own check. */
export interface CheckedDrafts {
  bodies: KnowledgeDefinitionBody[];
  /** Definitions that failed the check (only when partial), with the reasons. */
  failed: Array<{ name: string; reason: string }>;
  /** Problems named `<definition name>.<field>` (only when not partial). */
  problems: FieldProblems;
}

/**
 * Each definition translated from a dbt project validated and checked against the schema like any other
 * (checkImport: the DTO's rules, no kind change, checkDefinition). A failing one is a problem on
 * `<name>.<field>`, or with `partial` a skipped definition with its reasons.
 */
export function checkDrafts(
  drafts: readonly KnowledgeDefinitionBody[],
  schema: DatabaseSchema,
  live: ReadonlyMap<string, KnowledgeDefinitionEntity>,
  partial: boolean,
): CheckedDrafts {
  const out: CheckedDrafts = { bodies: [], failed: [], problems: [] };
  for (const draft of drafts) {
    const name = definitionLabel(draft);
    const { bodies, problems } = checkImport([draft], schema, live);
    if (problems.length === 0) {
      out.bodies.push(...bodies);
      continue;
    }
    const named = problems.map((p) => ({ field: p.field.replace(/^definitions\[0\]/, name), problems: p.problems }));
    if (partial) out.failed.push({ name, reason: named.map((p) => `${p.field}: ${p.problems.join('; ')}`).join('; ') });
    else out.problems.push(...named);
  }
  return out;
}
