import { AmbiguousQuestionError, type AmbiguousReading } from './ambiguous-reading';
import { pluralWords } from './intent-words';
import type { JoinPlanner } from './join-planner';
import { isWriteIntent, type QueryIntent, type ReadIntent } from './query-intent';
import { tableNoun, type SchemaLexicon } from './schema-lexicon';

/**
 * The semantic check of every parsed intent before SQL is written (issue 22 item 5; the reading-level checks of
 * intent-sanity.ts and question-checks.ts run while the question is read). Here, on the finished intent:
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
