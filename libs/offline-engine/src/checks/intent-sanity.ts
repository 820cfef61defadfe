import { UnmappedQuestionError } from '../linking/question-items';
import type { ReadIntent } from '../sketches/query-intent';
import type { RelationCondition } from '../sketches/relation-conditions';
import type { SchemaLexicon } from '../linking/schema-lexicon';

/**
 * Refuse a reading that can only repeat the question back: a list whose shown columns (key columns aside) are exactly the
 * columns its equality filters fix ("what states are next to texas" read as the state named texas, showing its name). Such a
 * reading, when the question had words the engine ignored (`ignoredWords` > 0), means a relation among them was lost (NaLIR's check that every parse tree node maps to a query
 * element); the honest answer is a refusal. Throws UnmappedQuestionError; returns nothing otherwise.
 */
export function assertInformative(
  intent: ReadIntent,
  lexicon: SchemaLexicon,
  ignoredWords: number,
  question = '',
): void {
  if (intent.kind !== 'list') return;
  // "the population of the capital of texas": two columns chained by "of" are a nested lookup, not two columns
  if (intent.lookup && intent.columns.length > 1 && !/\band\b|,|&/i.test(question)) {
    throw new UnmappedQuestionError(
      `it could not tell whether ${intent.columns.map((c) => c.column).join(' and ')} are asked side by side or one of the other`,
    );
  }
  // "states that border states that border texas": a relation repeated is a nesting the engine cannot write
  const seen = new Set<string>();
  for (const c of intent.columns) {
    const id = `${c.table}.${c.column}`;
    if (seen.has(id)) throw new UnmappedQuestionError(`it names ${c.column} twice, a nesting it cannot write`);
    seen.add(id);
  }
  if (ignoredWords === 0) return;
  const table = lexicon.table(intent.subject);
  // the columns sql-builder shows for a list without named columns
  const shown = intent.columns.length
    ? intent.columns
    : ((!table.primaryKey.length && lexicon.nameColumns(intent.subject)) || table.columns.map((c) => c.name)).map(
        (column) => ({ table: intent.subject, column }),
      );
  const fixed = new Set(
    intent.filters.filter((f) => f.kind === 'compare' && f.op === '=').map((f) => `${f.ref.table}.${f.ref.column}`),
  );
  if (fixed.size === 0) return;
  const informative = shown.filter((c) => lexicon.columnKind(c.table, c.column) !== 'id');
  if (informative.length && informative.every((c) => fixed.has(`${c.table}.${c.column}`))) {
    const f = intent.filters[0];
    throw new UnmappedQuestionError(
      `it would only repeat "${f.kind === 'compare' ? f.value : ''}" back: some relation in the question was not understood`,
    );
  }
}

/**
 * The intent with the related-row conditions added to its filters; each must belong to the intent's subject
 * (the rows counted, listed or ranked), else UnmappedQuestionError (whose rows the condition counts is unclear).
 */
export function withRelations(intent: ReadIntent, relations: readonly RelationCondition[]): ReadIntent {
  if (!relations.length) return intent;
  for (const r of relations) {
    if (r.subject !== intent.subject || intent.group)
      throw new UnmappedQuestionError(`it could not tell which rows "${r.filter.label}" applies to`);
  }
  return { ...intent, filters: [...intent.filters, ...relations.map((r) => r.filter)] };
}
