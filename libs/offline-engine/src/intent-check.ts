import { AmbiguousQuestionError, type AmbiguousReading } from './ambiguous-reading';
import { pluralWords } from './intent-words';
import type { JoinPlanner } from './join-planner';
import { isWriteIntent, type QueryIntent, type ReadIntent } from './query-intent';
import { UnmappedQuestionError, type Item } from './question-items';
import { tableNoun, type SchemaLexicon } from './schema-lexicon';

/**
 * The semantic check of every parsed intent before SQL is written (issue 22 item 5; intent-sanity.ts and
 * checkListedColumns below check the reading against the question's items while it is read; "or", comparisons of
 * numbers and second aggregates are refused where they are read: question-items.ts, filter-reader.ts,
 * intent-parser.ts). Here, on the finished intent:
 * - whole rows of a table whose rows continue one to one in another table (a `location` keyed by `restaurant_id`)
 *   are asked back: the row's own columns, or with the other table's too.
 * Returns the intent unchanged; throws AmbiguousQuestionError (asked back by the engine) or UnmappedQuestionError.
 */
export function checkIntent<I extends QueryIntent>(intent: I, lexicon: SchemaLexicon, planner: JoinPlanner): I {
  if (isWriteIntent(intent)) return intent;
  checkSplitRows(intent, lexicon, planner);
  return intent;
}

/**
 * A list of whole rows (no column named) of a table whose rows another table continues one to one: which columns a
 * row has is a reading to ask about. Readings restate the question with `table.*` names appended.
 */
function checkSplitRows(intent: ReadIntent, lexicon: SchemaLexicon, planner: JoinPlanner): void {
  if (intent.kind !== 'list' || intent.columns.length || intent.group || intent.lookup) return;
  const subject = intent.subject;
  const continued = [...lexicon.tables.keys()].filter((t) => t !== subject && planner.sameRows(subject, t));
  if (!continued.length) return;
  const star = (t: string) => `${lexicon.table(t).name}.*`;
  const noun = pluralWords(tableNoun(lexicon.table(subject)));
  const readings: AmbiguousReading[] = [
    { label: `${noun} with their own columns only`, phrase: '', replacement: `showing ${star(subject)}` },
    ...continued.map((t) => ({ label: `${noun} with their ${tableNoun(lexicon.table(t))} columns too`, phrase: '', replacement: `showing ${star(subject)} and ${star(t)}` })),
  ];
  throw new AmbiguousQuestionError(`the rows of ${subject} continue in ${continued.join(', ')}, and it could not tell which columns to show`, readings, `Which columns of the ${noun} do you want?`);
}

/**
 * Every column the question lists ("the name, date and result", "ids, names and descriptions") must be shown by a
 * list, or be a condition, grouping or measure of any other reading: a listed column that disappears (a compound
 * read where commas separate, a column taken for a table's label) refuses rather than answers a different question.
 * `items` are the question's items after the intent was built. Throws UnmappedQuestionError naming the column.
 */
export function checkListedColumns(intent: ReadIntent, items: readonly Item[]): void {
  if (intent.kind !== 'list' || !intent.columns.length) return;
  const shown = new Set(intent.columns.flatMap((c) => [c, ...(c.joined?.with ?? [])]).map((c) => `${c.table}.${c.column}`));
  for (const f of intent.filters) shown.add(`${f.ref.table}.${f.ref.column}`);
  const listedAt = (k: number) => {
    const it = items[k];
    if (it.t !== 'mention' || !it.targets.length || !it.targets.every((t) => t.kind === 'column')) return false;
    // a column after "and" or a comma, or one that a column after "and" or a comma follows
    const separated = (j: number) => {
      const m = items[j];
      return m?.t === 'mention' && m.targets.every((t) => t.kind === 'column') && (!!m.listed || /(^|\s)and$/.test(m.glue ?? ''));
    };
    return separated(k) || separated(k + 1);
  };
  items.forEach((it, k) => {
    if (it.t !== 'mention' || !listedAt(k)) return;
    if (!it.targets.some((t) => shown.has(`${t.table}.${(t as { column: string }).column}`))) throw new UnmappedQuestionError(`it would drop the column "${it.text}" the question lists`);
  });
}
