import { AmbiguousQuestionError } from '../checks/ambiguous-reading';
import { UnmappedQuestionError } from './question-items';
import type { QuestionToken } from '../words/question-tokenizer';
import type { SchemaLexicon } from './schema-lexicon';
import { classifyUnknownWord, confidenceAfter, MIN_CONFIDENCE, type UnknownWord } from '../words/unknown-words';
import type { WordResolution } from './word-resolver';

/** Adjectives of newness, which a named period (`dated`) makes redundant: the rows dated in it are the new ones. */
const NEWNESS = new Set(['new', 'newly', 'recent', 'recently', 'fresh']);

/**
 * Confidence of a question's reading from the words it had to ignore or substitute (see unknown-words.ts): 1 when
 * every word was understood. Throws UnmappedQuestionError naming the words when the confidence falls below
 * MIN_CONFIDENCE, with a rephrasing without them to try when the rest of the question still reads.
 * `unknownAt` are indexes into `tokens`; `resolved` are the lemma, synonym and typo substitutions made; `dated`: the
 * question names a period.
 */
export function weighUnknownWords(
  tokens: readonly QuestionToken[],
  unknownAt: readonly number[],
  resolved: readonly WordResolution[],
  lexicon: SchemaLexicon,
  dated = false,
): { confidence: number; ignored: UnknownWord[] } {
  const words = tokens.map((t) => (t.kind === 'word' ? { norm: t.norm, lower: t.lower } : null));
  const schemaAt = (i: number) => !!tokens[i] && tokens[i].kind === 'word' && !!lexicon.matchAt(words, i);
  const objectAt = (i: number) =>
    !!tokens[i] &&
    tokens[i].kind === 'word' &&
    !!lexicon.matchAt(words, i)?.targets.some((t) => t.kind === 'value' || t.kind === 'table');
  const unknown: UnknownWord[] = unknownAt.map((i) => {
    // "new customers this month": with a period named, "new" says what the period already says
    if (dated && NEWNESS.has(tokens[i].lower)) return { word: tokens[i].raw, kind: 'function', penalty: 0.02 };
    return classifyUnknownWord(tokens, i, schemaAt, undefined, objectAt);
  });
  const confidence = confidenceAfter([...resolved.map((r) => r.penalty), ...unknown.map((u) => u.penalty)]);
  if (confidence >= MIN_CONFIDENCE) return { confidence, ignored: unknown };
  const named = [...unknown]
    .sort((a, b) => b.penalty - a.penalty)
    .map((u) => `"${u.word}"${u.kind === 'noun' || u.kind === 'verb' ? '' : ` (${describe(u.kind)})`}`);
  const skip = new Set(unknownAt);
  const rephrased = tokens
    .filter((_, i) => !skip.has(i))
    .map((t) => (t.kind === 'quoted' ? `'${t.raw}'` : t.raw))
    .join(' ');
  throw new UnmappedQuestionError(
    `these words match no table, column or stored value: ${named.join(', ')}` +
      (rephrased && unknown.every((u) => u.kind !== 'negation' && u.kind !== 'name')
        ? `; without them it would read "${rephrased}"`
        : ''),
    unknown.map((u) => u.word),
  );
}

/**
 * The builder's refusal `error` with the words that were ignored on the way named too (they are the likelier cause):
 * `it could not tell what to count; it did not understand "unicorns"`. Other errors come back unchanged.
 */
export function withIgnoredWords(error: unknown, ignored: readonly UnknownWord[]): unknown {
  // an ambiguity is asked back as it is: its readings restate the question, ignored words and all
  if (!(error instanceof UnmappedQuestionError) || error instanceof AmbiguousQuestionError || ignored.length === 0)
    return error;
  const words = ignored.map((u) => `"${u.word}"`).join(', ');
  return new UnmappedQuestionError(`${error.reason}; it did not understand ${words}`, [
    ...error.unknownWords,
    ...ignored.map((u) => u.word),
  ]);
}

const KIND_WORDS: Record<UnknownWord['kind'], string> = {
  function: 'a function word',
  adverb: 'an adverb',
  verb: 'a verb',
  predicate: 'a verb that would filter the rows',
  noun: 'a noun',
  modifier: 'a modifier that would change the rows',
  name: 'a name it cannot find in the data',
  negation: 'a negation',
};

function describe(kind: UnknownWord['kind']): string {
  return KIND_WORDS[kind];
}
