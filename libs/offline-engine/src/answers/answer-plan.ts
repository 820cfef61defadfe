import { measureTable } from '../sketches/intent-words';
import { isWriteIntent, type QueryIntent, type ReadIntent } from '../sketches/query-intent';
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
  if (isWriteIntent(intent))
    return fixedPlan('write', tableNoun(lexicon.table(intent.table)), '', {
      measureLabel: '',
      labelColumns: [],
      valueColumn: null,
      direction: 'desc',
    });
  const noun = rowNoun(intent, lexicon);
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
  const measureLabel = measureWords(intent, lexicon);
  const m = intent.measure;
  if (intent.kind === 'list' && intent.lookup)
    // "the capital of texas": measureLabel holds the columns' words, context the name
    return fixedPlan('lookup', noun, context, {
      measureLabel: intent.columns.map((c) => humanize(c.column)).join(' and '),
      labelColumns: built.labelColumns,
      valueColumn: null,
      direction: 'asc',
    });
  if (intent.yesNo)
    return fixedPlan('yesno', noun, context, {
      measureLabel: '',
      labelColumns: [],
      valueColumn: 'answer',
      direction: 'desc',
    });
  const kind = planKind(intent);
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
 * The plan of a write, a lookup or a yes/no answer: no money, no group and no limit; `noun` is the row's singular
 * noun, `context` the filters in words.
 */
function fixedPlan(
  kind: AnswerPlan['kind'],
  noun: string,
  context: string,
  parts: Pick<AnswerPlan, 'measureLabel' | 'labelColumns' | 'valueColumn' | 'direction'>,
): AnswerPlan {
  return {
    kind,
    noun,
    nounPlural: pluralize(noun),
    context,
    measureLabel: parts.measureLabel,
    money: false,
    labelColumns: parts.labelColumns,
    valueColumn: parts.valueColumn,
    groupNoun: null,
    limit: null,
    direction: parts.direction,
  };
}

/**
 * The noun of the rows a read intent counts, lists or ranks: the grouped table or column of a ranking of groups,
 * else the subject table's noun.
 */
function rowNoun(intent: ReadIntent, lexicon: SchemaLexicon): string {
  const nounTable =
    intent.kind === 'top' && intent.group?.kind === 'table' && !intent.perGroup ? intent.group.table : intent.subject;
  return intent.kind === 'top' && intent.group?.kind === 'column' && !intent.perGroup
    ? humanize(intent.group.ref.column)
    : tableNoun(lexicon.table(nounTable));
}

/**
 * The words of a read intent's measure ("total sales"), with "of <table>" added when an aggregate's column does not
 * already name its table ("average total of orders"); not for rankings.
 */
function measureWords(intent: ReadIntent, lexicon: SchemaLexicon): string {
  const measureLabel = intent.measure?.label ?? '';
  const m = intent.measure;
  if (
    !m ||
    m.expr.kind !== 'column' ||
    m.fn === 'count' ||
    ['total_sales', 'avg_sales', 'units_sold'].includes(m.alias)
  )
    return measureLabel;
  const tableWords = normalizedWords(lexicon.table(measureTable(m)).name);
  const colWords = normalizedWords(m.expr.ref.column);
  if (!tableWords.every((w) => colWords.includes(w)) && intent.kind !== 'top')
    return `${measureLabel} of ${pluralize(tableNoun(lexicon.table(measureTable(m))))}`;
  return measureLabel;
}

/** The kind of answer a read intent's rows are worded as (a count of no rows is an aggregate: see planAnswer). */
function planKind(intent: ReadIntent): AnswerPlan['kind'] {
  return intent.perGroup
    ? 'topPerGroup'
    : intent.kind === 'list'
      ? 'list'
      : intent.kind === 'top'
        ? 'top'
        : intent.group
          ? 'grouped'
          : intent.kind === 'count'
            ? 'count'
            : 'aggregate';
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
