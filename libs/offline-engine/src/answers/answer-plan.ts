import { measureTable } from '../sketches/intent-words';
import { isWriteIntent, type QueryIntent } from '../sketches/query-intent';
import type { BuiltSql } from '../sketches/query-intent';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { humanize, normalizedWords, pluralize } from '../words/word-forms';

/** How to word the answer for rows of one generated statement. */
export interface AnswerPlan {
  kind: 'count' | 'aggregate' | 'grouped' | 'top' | 'topPerGroup' | 'list' | 'lookup' | 'write' | 'yesno';
  /** Singular and plural noun of the rows counted, listed or ranked: customer / customers. */
  noun: string;
  nounPlural: string;
  /** Filters in words, with a leading space: " in Canada with status shipped in 2024", or "". */
  context: string;
  /** Words of the measure: "total sales", "average total", "number of orders". */
  measureLabel: string;
  money: boolean;
  labelColumns: string[];
  valueColumn: string | null;
  /** Words of the group key: "category", "country", "year". */
  groupNoun: string | null;
  limit: number | null;
  direction: 'asc' | 'desc';
  /** Every value of a statement of several aggregates ("the maximum and minimum price"): output column, words, money or not. */
  moreValues?: Array<{ column: string; label: string; money: boolean }>;
}

/** Derive the answer plan of an intent and the SQL written for it. */
export function planAnswer(intent: QueryIntent, built: BuiltSql, lexicon: SchemaLexicon): AnswerPlan {
  if (isWriteIntent(intent)) {
    const noun = tableNoun(lexicon.table(intent.table));
    return {
      kind: 'write',
      noun,
      nounPlural: pluralize(noun),
      context: '',
      measureLabel: '',
      money: false,
      labelColumns: [],
      valueColumn: null,
      groupNoun: null,
      limit: null,
      direction: 'desc',
    };
  }
  const nounTable =
    intent.kind === 'top' && intent.group?.kind === 'table' && !intent.perGroup ? intent.group.table : intent.subject;
  const noun =
    intent.kind === 'top' && intent.group?.kind === 'column' && !intent.perGroup
      ? humanize(intent.group.ref.column)
      : tableNoun(lexicon.table(nounTable));
  const context = intent.filters
    .filter((f) => f.label)
    .map((f) => ` ${f.label}`)
    .join('');
  const g = intent.group;
  const groupNoun = !g
    ? null
    : g.kind === 'table'
      ? tableNoun(lexicon.table(g.table))
      : g.kind === 'period'
        ? g.unit
        : humanize(g.ref.column);
  let measureLabel = intent.measure?.label ?? '';
  const m = intent.measure;
  if (
    m &&
    m.expr.kind === 'column' &&
    m.fn !== 'count' &&
    !['total_sales', 'avg_sales', 'units_sold'].includes(m.alias)
  ) {
    const tableWords = normalizedWords(lexicon.table(measureTable(m)).name);
    const colWords = normalizedWords(m.expr.ref.column);
    if (!tableWords.every((w) => colWords.includes(w)) && intent.kind !== 'top')
      measureLabel = `${measureLabel} of ${pluralize(tableNoun(lexicon.table(measureTable(m))))}`;
  }
  if (intent.kind === 'list' && intent.lookup) {
    // "the capital of texas": measureLabel holds the columns' words, context the name
    const words = intent.columns.map((c) => humanize(c.column)).join(' and ');
    return {
      kind: 'lookup',
      noun,
      nounPlural: pluralize(noun),
      context,
      measureLabel: words,
      money: false,
      labelColumns: built.labelColumns,
      valueColumn: null,
      groupNoun: null,
      limit: null,
      direction: 'asc',
    };
  }
  if (intent.yesNo) {
    return {
      kind: 'yesno',
      noun,
      nounPlural: pluralize(noun),
      context,
      measureLabel: '',
      money: false,
      labelColumns: [],
      valueColumn: 'answer',
      groupNoun: null,
      limit: null,
      direction: 'desc',
    };
  }
  const kind = intent.perGroup
    ? 'topPerGroup'
    : intent.kind === 'list'
      ? 'list'
      : intent.kind === 'top'
        ? 'top'
        : g
          ? 'grouped'
          : intent.kind === 'count'
            ? 'count'
            : 'aggregate';
  return {
    kind: kind === 'count' && m?.expr.kind !== 'rows' ? 'aggregate' : kind,
    noun,
    nounPlural: pluralize(noun),
    context,
    measureLabel,
    money: m?.money ?? false,
    labelColumns: built.labelColumns,
    valueColumn: built.valueColumn,
    groupNoun,
    limit: intent.limit,
    direction: intent.direction,
    ...(intent.moreMeasures?.length
      ? {
          moreValues: [...intent.moreMeasures, intent.measure as NonNullable<typeof intent.measure>].map((x) => ({
            column: x.alias,
            label: x.label,
            money: x.money,
          })),
        }
      : {}),
  };
}

/**
 * The answer plan of one statement the engine wrote: handed out with the SQL (OfflineEngine.generateSql) and handed
 * back, as data, with the statement's rows (OfflineAnswerRequest.answerPlan).
 */
export interface StatementPlan {
  /** The SQL text the plan was made for. */
  sql: string;
  plan: AnswerPlan;
}

/**
 * The plan for wording the rows of `sql`: the statement plan handed back when it was made for that very SQL text,
 * else null (no plan, SQL the engine did not write, or a statement changed since it was written, e.g. repaired).
 */
export function planOfStatement(answerPlan: unknown, sql: string): AnswerPlan | null {
  if (typeof answerPlan !== 'object' || answerPlan === null) return null;
  const { sql: plannedSql, plan } = answerPlan as Partial<StatementPlan>;
  return plannedSql === sql && typeof plan === 'object' && plan !== null ? plan : null;
}
