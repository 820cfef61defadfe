import type { DateRange } from './date-range-parser';
import type { FilterReader, PendingValue } from './filter-reader';
import type { JoinPlanner } from '../linking/join-planner';
import type { ParseOptions } from './parse-options';
import type { ColumnRef, Filter, GroupKey, Measure } from './query-intent';
import type { Item, MentionItem } from '../linking/question-items';
import type { LexiconTarget, SchemaLexicon } from '../linking/schema-lexicon';

/** A measure before its tables are resolved. */
export type MeasureSpec =
  | { kind: 'money' }
  | { kind: 'units' }
  /** What an adjective ranks by ("most expensive"): its attribute's words (WordNet) name the column. */
  | { kind: 'attribute'; adjective: string }
  | { kind: 'column'; targets: LexiconTarget[] }
  | { kind: 'rows'; table: string }
  | { kind: 'distinct'; targets: LexiconTarget[] };

/**
 * What ReadIntentBuilder (intent-parser.ts) has read of one question's structure, and its resolution helpers: the
 * state the query sketches (read-sketches.ts, top-sketch.ts) and the measure resolver (measure-resolver.ts) fill
 * their slots from.
 * Internal to the engine.
 */
export interface ReadState {
  readonly items: Item[];
  readonly lex: SchemaLexicon;
  readonly planner: JoinPlanner;
  readonly range: DateRange | null;
  readonly options: ParseOptions;
  readonly values: PendingValue[];
  readonly labelValues: FilterReader['labelValues'];
  readonly pkValues: FilterReader['pkValues'];
  countTarget: MentionItem | null;
  countDistinct: MentionItem | null;
  agg: { fn: 'sum' | 'avg' | 'min' | 'max'; index: number } | null;
  /** Aggregates asked beside `agg` (their measure spec, or null for the same as `measure`). */
  moreAggs: Array<{ fn: 'sum' | 'avg' | 'min' | 'max'; spec: MeasureSpec | null; index: number }>;
  measure: MeasureSpec | null;
  direction: 'asc' | 'desc' | null;
  topN: number | null;
  groupSpec: { kind: 'mention'; item: MentionItem } | { kind: 'period'; unit: 'year' | 'month' | 'day' } | null;
  /** Unknown words after a final "of", taken as the name of the row a lookup reads ("the capital of X"). */
  bareName: string | null;
  bareNameUsed: boolean;
  listDistinct: boolean;
  measureTableHint: string | null;
  /** The mention the measure was read from, when a column named it. */
  measureItem: Item | null;
  firstTable(m: MentionItem): string | null;
  pickColumn(targets: LexiconTarget[], anchors: string[], what: string): ColumnRef;
  resolveGroup(anchor: string): GroupKey | null;
  resolveFilters(anchor: string): Filter[];
  checkLeftovers(mentions: MentionItem[], used: Set<string>): void;
  tablesOf(filters: Filter[], group: GroupKey | null, measure: Measure | null): Set<string>;
  isManyToOne(from: string, to: string): boolean;
}

/**
 * The columns of `table` that the column mentions `cols` name, one per mention (ReadState.pickColumn, anchored at
 * the table; an ambiguous or missing one throws there), each mention then marked used.
 */
export function pickColumnsOf(b: ReadState, cols: MentionItem[], table: string): ColumnRef[] {
  const columns = cols.map((m) =>
    b.pickColumn(
      m.targets.filter((t) => t.kind === 'column' && t.table === table),
      [table],
      `"${m.text}"`,
    ),
  );
  cols.forEach((m) => (m.used = true));
  return columns;
}
