/**
 * The words of a question that give the SQL a role (docs/architecture.md "Answer check"): grouping ("per", "by",
 * "each", "for each"), ordering and superlatives ("top", "most", "largest", "descending", ...), the count of a
 * "top N", negations ("not", "without", "never", "n't"), time windows ("in 2024", "last month") and the measure of
 * an ordering ("in descending order of salary", "sorted by price"). Found by patterns over the words of the text;
 * which table, column or value each names is decided by schema-links.ts.
 */

/** A role word with the words after it that name what it applies to (`per status` -> `status`). */
export interface RoleWord {
  /** The phrase as it appears in the question, lower case (`per status`). */
  phrase: string;
  /** The words naming what the role applies to (`['status']`). */
  target: string[];
}

/** What {@link questionRoles} finds. */
export interface QuestionRoles {
  /** "per X", "for each X", "each X" and "by X" (the latter two only beside an aggregate word). */
  grouping: RoleWord[];
  /** The first superlative or ordering word (`largest`), or null. */
  superlative: string | null;
  /** The count of a "top N" / "N largest" / "first N" phrase. */
  topN: { phrase: string; n: number } | null;
  /** The first negation (`not`, `without`, `never`, `haven't`, `no` after have/with), or null. */
  negation: string | null;
  /** A year the question names (`in 2024` -> 2024) and the phrase. */
  years: Array<{ phrase: string; year: string }>;
  /** A relative time window (`last month`, `this year`, `past 30 days`), or null. */
  relativeTime: string | null;
  /** "order of X", "sorted by X", "ordered by X", "sort by X", "ranked by X". */
  orderedBy: RoleWord[];
  /** Words that take part in a role phrase and name no table, column or value by themselves. */
  roleWords: Set<string>;
}

/** Words asking for an aggregate: a count, a total, an average, an extreme. */
export const AGGREGATE_WORD = /\b(how many|number of|count|total|sum|average|avg|mean|maximum|minimum)\b/i;
/** Words that ask for an aggregate or an ordering by themselves: never linked to a table or column of that name. */
export const ROLE_ONLY_WORDS = new Set(
  'number count total sum average avg mean maximum minimum max min many top most least per each'.split(' '),
);
const SUPERLATIVE =
  /\b(?<!at )(most|least|largest|highest|lowest|biggest|smallest|fewest|greatest|top|descending|ascending|oldest|youngest|newest|latest|earliest|cheapest|longest|shortest)\b/i;
const TOP_N =
  /\b(?:top|first)\s+(\d{1,4})\b|\b(\d{1,4})\s+(?:most|least|largest|highest|lowest|biggest|smallest|greatest|newest|oldest|latest|earliest|cheapest|longest|shortest|youngest)\b/i;
const NEGATION = /\b(not|never|without|none)\b|n't\b|\b(?:has|have|had|with)\s+no\b/i;
const YEAR = /\b(?:in|during|of|since|before|after|for)\s+((?:19|20)\d{2})\b/gi;
const RELATIVE_TIME =
  /\b(?:last|this|past|previous|current|next)\s+(?:\d+\s+)?(?:day|week|month|quarter|year)s?\b|\b(?:yesterday|today|recently)\b/i;
const ORDERED_BY =
  /\b(?:order of|sorted by|ordered by|sort by|sort them by|order by|ranked by|rank by|arranged by)\s+(?:their |the |its |each )?([a-z][a-z0-9_]*(?:\s+[a-z][a-z0-9_]*)?)/gi;
const GROUPING = /\b(per|for each|each|by)\s+([a-z][a-z0-9_]*(?:\s+[a-z][a-z0-9_]*)?)/gi;
/** A word before "by" that makes it an ordering or an agent, not a grouping ("sorted by", "placed by"). */
const NOT_GROUPING_BEFORE = /(?:\b(?:order|sort|rank|arrange|list)\w*|\w+ed)\s+by$/i;
const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'their',
  'its',
  'each',
  'every',
  'of',
  'and',
  'or',
  'in',
  'on',
  'with',
  'for',
]);

/**
 * The role words of `question` (see the file comment). Conservative: a grouping "each X" or "by X" counts only when
 * the question also asks for an aggregate (AGGREGATE_WORD), "by" after an ordering verb or a participle ("sorted by",
 * "placed by") is no grouping, "at most" / "at least" are no superlatives. Pure.
 */
export function questionRoles(question: string): QuestionRoles {
  const text = question.toLowerCase().replace(/[’']/g, "'");
  const aggregate = AGGREGATE_WORD.test(text);
  const roleWords = new Set<string>();
  const grouping: RoleWord[] = [];
  for (const m of text.matchAll(GROUPING)) {
    const word = m[1];
    if ((word === 'by' || word === 'each') && !aggregate) continue;
    if (word === 'by' && NOT_GROUPING_BEFORE.test(text.slice(0, m.index + m[0].indexOf('by') + 2))) continue;
    const target = targetWords(m[2]);
    if (target.length) grouping.push({ phrase: `${word} ${target.join(' ')}`, target });
  }
  const orderedBy: RoleWord[] = [];
  for (const m of text.matchAll(ORDERED_BY)) {
    const target = targetWords(m[1]);
    if (target.length) orderedBy.push({ phrase: m[0].trim(), target });
    for (const w of m[0].split(/\s+/).slice(0, 2)) roleWords.add(w);
  }
  const top = TOP_N.exec(text);
  const superlative = SUPERLATIVE.exec(text);
  const negation = NEGATION.exec(text);
  const relative = RELATIVE_TIME.exec(text);
  const years = [...text.matchAll(YEAR)].map((m) => ({ phrase: m[0], year: m[1] }));
  // the words of a time window name no column ("last 10 years" is not the column `year`)
  for (const phrase of [relative?.[0] ?? '', ...years.map((y) => y.phrase)]) {
    for (const w of phrase.split(/\s+/)) if (w) roleWords.add(w);
  }
  return {
    grouping,
    superlative: superlative ? superlative[1] : null,
    topN: top ? { phrase: top[0], n: Number(top[1] ?? top[2]) } : null,
    negation: negation ? negation[0] : null,
    years,
    relativeTime: relative ? relative[0] : null,
    orderedBy,
    roleWords,
  };
}

/** The words of a role's target after leading determiners, cut at the next function word (`each status and` -> `status`). */
function targetWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.split(/\s+/)) {
    if (FUNCTION_WORDS.has(w)) {
      if (out.length) break;
      continue;
    }
    out.push(w);
  }
  return out;
}
