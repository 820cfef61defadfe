import { normalizeWord } from './word-forms';

/**
 * Kinds of question tokens. `quoted` keeps the exact text between quotes; `date` is an ISO date YYYY-MM-DD;
 * `qualified` is a `table.column` (or `table.*`) name as written (the engine's own restated questions use it, see clarification.ts).
 */
export type TokenKind = 'word' | 'number' | 'quoted' | 'date' | 'symbol' | 'qualified';

/** One token of a question. */
export interface QuestionToken {
  kind: TokenKind;
  /** Text as written (without quotes for `quoted`). */
  raw: string;
  /** Lower-case text. */
  lower: string;
  /** Lower-case singular form, for matching against schema words. */
  norm: string;
  /** Numeric value of `number` tokens (`1,000` -> 1000, `$9.99` -> 9.99). */
  value?: number;
  /** A `quoted` token made from unknown words, not from quotes ("the population of Springfield"). */
  bare?: boolean;
  /** A word as written when it differs from `raw` (a possessive dropped: "denny's" -> raw "denny"). */
  written?: string;
  /** A comma, semicolon or slash separates it from the token before ("name, date": a list, not a compound). */
  listed?: boolean;
}

const TOKEN = new RegExp(
  [
    String.raw`(?<quoted>(?<=^|[\s=(:,])(['"\u2018\u201c])(?<qtext>[^'"\u2019\u201d]+)['"\u2019\u201d](?=$|[\s.,;:?!)]))`,
    String.raw`(?<date>\d{4}-\d{2}-\d{2})`,
    String.raw`(?<qualified>\p{L}[\p{L}\p{N}_]*\.(?:\p{L}[\p{L}\p{N}_]*|\*))`,
    String.raw`(?<number>\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\$?\d+(?:\.\d+)?)`,
    String.raw`(?<word>\p{L}[\p{L}\p{M}\p{N}_]*(?:[-'\u2019][\p{L}\p{M}\p{N}_]+)*)`,
    String.raw`(?<symbol>>=|<=|<>|!=|[=<>])`,
  ].join('|'),
  'gu',
);

/**
 * Split a question into tokens: quoted strings ('X' or "X", kept verbatim), ISO dates, numbers (with thousands
 * separators or a leading $), words (a possessive 's is dropped: "country's" -> country) and comparison symbols.
 * Other punctuation is dropped.
 */
export function tokenizeQuestion(question: string): QuestionToken[] {
  const tokens: QuestionToken[] = [];
  let end = 0;
  for (const match of question.matchAll(TOKEN)) {
    const g = match.groups ?? {};
    const listed = tokens.length > 0 && /[,;/]/.test(question.slice(end, match.index));
    end = (match.index ?? 0) + match[0].length;
    const before = tokens.length;
    if (g.quoted !== undefined) {
      const raw = g.qtext ?? '';
      tokens.push({ kind: 'quoted', raw, lower: raw.toLowerCase(), norm: raw.toLowerCase() });
    } else if (g.qualified !== undefined) {
      tokens.push({
        kind: 'qualified',
        raw: g.qualified,
        lower: g.qualified.toLowerCase(),
        norm: g.qualified.toLowerCase(),
      });
    } else if (g.date !== undefined) {
      tokens.push({ kind: 'date', raw: g.date, lower: g.date, norm: g.date });
    } else if (g.number !== undefined) {
      const value = Number(g.number.replace(/[$,]/g, ''));
      tokens.push({ kind: 'number', raw: g.number, lower: g.number, norm: g.number, value });
    } else if (g.word !== undefined) {
      const original = g.word.replace(/\u2019/g, "'");
      let raw = original;
      if (/'s$/i.test(raw)) raw = raw.slice(0, -2);
      else if (/s'$/i.test(raw)) raw = raw.slice(0, -1);
      const parts = raw.split('-');
      parts.forEach((part, k) => {
        if (!part) return;
        const written = k === parts.length - 1 && raw !== original ? `${part}${original.slice(raw.length)}` : undefined;
        tokens.push({
          kind: 'word',
          raw: part,
          lower: part.toLowerCase(),
          norm: normalizeWord(part),
          ...(written ? { written } : {}),
        });
      });
    } else if (g.symbol !== undefined) {
      tokens.push({ kind: 'symbol', raw: g.symbol, lower: g.symbol, norm: g.symbol });
    }
    if (listed && tokens.length > before) tokens[before].listed = true;
  }
  return withNumberWords(tokens);
}

const NUMBER_WORDS = new Map<string, number>(
  [
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
    'twenty',
  ].map((w, k) => [w, k + 1]),
);

/** Words after which a number word is a number: a comparison or a ranking ("more than one", "top three"). */
const BEFORE_NUMBER = new Set(['than', 'least', 'most', 'top', 'bottom', 'exactly', 'over', 'under', 'above', 'below']);

/**
 * Numbers written as words (one to twenty) read as numbers where a number is expected: after a comparison or a
 * ranking word ("more than one order", "at least two", "top three") or before "or more"/"or fewer" ("two or
 * more"). Elsewhere a number word stays a word ("which one", a name such as "Two Rivers").
 */
function withNumberWords(tokens: QuestionToken[]): QuestionToken[] {
  return tokens.map((t, k) => {
    const value = t.kind === 'word' ? NUMBER_WORDS.get(t.lower) : undefined;
    if (value === undefined) return t;
    const prev = tokens[k - 1];
    const orBound =
      tokens[k + 1]?.lower === 'or' &&
      /^(more|fewer|less|greater|higher|lower|above|below|over|under)$/.test(tokens[k + 2]?.lower ?? '');
    if (!orBound && !(prev?.kind === 'word' && BEFORE_NUMBER.has(prev.lower))) return t;
    return { kind: 'number', raw: t.raw, lower: t.lower, norm: t.lower, value, ...(t.listed ? { listed: true } : {}) };
  });
}
