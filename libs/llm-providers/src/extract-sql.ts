/**
 * Pulls the SQL statement out of a language model's reply. Models wrap SQL in Markdown fences, introduce it with
 * chatty sentences ("Here is the query: ..."), prefix it with reasoning (`<think>...</think>`, DeepSeek-R1/Qwen3
 * style) or "SQL:" labels, and follow it with explanations. Nothing here executes or validates SQL: the pipeline's
 * checker parses whatever comes out (docs/architecture.md steps 6 and 7).
 */

/** Marker a model answers with when the schema cannot answer the question (see buildSqlPrompt). */
export const CANNOT_ANSWER_MARKER = 'CANNOT_ANSWER';

/**
 * Removes reasoning blocks: every closed `<think>...</think>` (also `<thinking>`/`<reasoning>`), everything before
 * a stray closing tag (templates that open the block inside the prompt), and an unclosed block to the end of the
 * text (a reply cut off while thinking carries no answer).
 * @returns the reply without reasoning, trimmed.
 */
export function stripThinking(text: string): string {
  let out = text.replace(/<(think|thinking|reasoning)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const strayClose = /<\/(think|thinking|reasoning)\s*>/gi;
  let lastClose = -1;
  for (let m = strayClose.exec(out); m; m = strayClose.exec(out)) lastClose = m.index + m[0].length;
  if (lastClose >= 0) out = out.slice(lastClose);
  const unclosed = /<(think|thinking|reasoning)\b[^>]*>/i.exec(out);
  if (unclosed) out = out.slice(0, unclosed.index);
  return out.trim();
}

/**
 * The reason given after `CANNOT_ANSWER` when the reply (reasoning stripped, optionally fenced or bold) starts
 * with that marker, else null. An empty reason becomes "no reason given".
 */
export function cannotAnswerReason(text: string): string | null {
  const body = stripThinking(text)
    .replace(/^```[\w-]*\s*/, '')
    .replace(/^[*_`"'\s]+/, '');
  if (!body.toUpperCase().startsWith(CANNOT_ANSWER_MARKER)) return null;
  const reason = body
    .slice(CANNOT_ANSWER_MARKER.length)
    .replace(/```[\s\S]*$/, '')
    .replace(/^[*_`"'\s:\-–—]+/, '')
    .replace(/[*_`"'\s]+$/, '')
    .trim();
  return reason || 'no reason given';
}

/** Statement keywords with a follow-up pattern that tells SQL apart from an English sentence using the word. */
const STATEMENT_STARTS: Array<{ keyword: string; shape: RegExp }> = [
  // SELECT followed by FROM somewhere, or by an obviously non-English select list (literal, *, function call).
  {
    keyword: 'SELECT',
    shape: /^SELECT\b(?:[\s\S]*?\bFROM\b|\s+(?:DISTINCT\s+|TOP\s*\(?\d+\)?\s+)?(?:[\d'"`[(*@-]|\w+\s*\(|\w+\.\w+))/i,
  },
  {
    keyword: 'WITH',
    shape: /^WITH\s+(?:RECURSIVE\s+)?[\w"`[\]]+\s*(?:\([^)]*\)\s*)?AS\s*(?:NOT\s+)?(?:MATERIALIZED\s*)?\(/i,
  },
  { keyword: 'INSERT', shape: /^INSERT\s+(?:OR\s+\w+\s+|IGNORE\s+)?INTO\s/i },
  { keyword: 'REPLACE', shape: /^REPLACE\s+INTO\s/i },
  { keyword: 'UPDATE', shape: /^UPDATE\s+[\w."`[\]]+(?:\s+(?:AS\s+)?\w+)?\s+SET\s/i },
  { keyword: 'DELETE', shape: /^DELETE\s+(?:\w+\s+)?FROM\s/i },
  { keyword: 'MERGE', shape: /^MERGE\s+INTO\s/i },
  {
    keyword: 'CREATE',
    shape:
      /^CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP(?:ORARY)?\s+|UNIQUE\s+)?(?:TABLE|VIEW|INDEX|SCHEMA|DATABASE|TRIGGER|FUNCTION|PROCEDURE|SEQUENCE|USER|ROLE)\b/i,
  },
  { keyword: 'ALTER', shape: /^ALTER\s+(?:TABLE|VIEW|INDEX|SCHEMA|DATABASE|SEQUENCE|USER|ROLE)\b/i },
  {
    keyword: 'DROP',
    shape: /^DROP\s+(?:TABLE|VIEW|INDEX|SCHEMA|DATABASE|TRIGGER|FUNCTION|PROCEDURE|SEQUENCE|USER|ROLE)\b/i,
  },
  { keyword: 'TRUNCATE', shape: /^TRUNCATE\s+(?:TABLE\s+)?[\w."`[\]]+\s*(?:;|$)/i },
  { keyword: 'GRANT', shape: /^GRANT\s+[\w, ]+\s+ON\s/i },
  { keyword: 'EXPLAIN', shape: /^EXPLAIN\s+(?:QUERY\s+PLAN\s+|ANALYZE\s+)?(?:SELECT|WITH)\b/i },
  { keyword: 'PRAGMA', shape: /^PRAGMA\s+\w+/i },
  { keyword: 'VALUES', shape: /^VALUES\s*\(/i },
];

/** Keywords that may begin a continuation line of a statement (so such a line is not prose). */
const CONTINUATION_WORDS = new Set(
  (
    'select from where and or not join left right inner outer full cross natural on using group order by having ' +
    'limit offset fetch union intersect except all distinct as case when then else end with values set into ' +
    'returning window over partition qualify top exists in between like ilike is null asc desc nulls first last ' +
    'lateral rows row only insert update delete merge create alter drop table view index cast coalesce count sum ' +
    'avg min max round date extract interval true false filter within apply pivot unpivot go'
  ).split(' '),
);

/** Sentence openers that begin an explanation after the statement. */
const PROSE_OPENERS =
  /^(?:this|the|these|that|it|its|it's|here|here's|note|notes|explanation|i|i'm|we|you|assuming|if|since|because|also|alternatively|however|to|in|for|as|remember|make|let|hope|feel|result|output)\b/i;

/** True when a line (trimmed) reads like an English sentence or Markdown rather than part of a SQL statement. */
function isProseLine(line: string): boolean {
  if (line === '') return false;
  if (/^(?:```|~~~|#{1,6}\s|\*\*|[-*•]\s+[A-Z][a-z]|\d+[.)]\s+[A-Z][a-z])/.test(line)) return true;
  if (/^(?:explanation|notes?)\s*:/i.test(line)) return true;
  const first = /^[A-Za-z']+/.exec(line)?.[0];
  if (!first || CONTINUATION_WORDS.has(first.toLowerCase())) return false;
  // Sentences start capitalised; SQL keywords are usually all upper case ("FOR XML PATH").
  const capitalised = /^[A-Z]/.test(first) && (first === 'I' || first !== first.toUpperCase());
  if (!capitalised) return false;
  if (PROSE_OPENERS.test(line) && /^[A-Za-z']+:?\s+[A-Za-z]/.test(line) && !/^\w+\s*[.(=]/.test(line)) return true;
  // Four or more plain words ending like a sentence: "Returns every customer in Germany."
  return /^[A-Z][a-z']*(?:\s+[A-Za-z',’]+){3,}.*[.:!?]$/.test(line) && !/[=()]/.test(line);
}

/**
 * Index just past the end of the statement that starts at `text[0]`: the first `;` outside quotes, brackets and
 * comments, a closing inline backtick when the statement was introduced by one, or the start of the first line
 * that reads like prose (a trailing explanation). Without any of those, the end of the text.
 */
function statementEnd(text: string, inlineBacktick: boolean): number {
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const ch = text[i];
    if (lineStart && i > 0) {
      const lineEnd = text.indexOf('\n', i);
      const line = text.slice(i, lineEnd < 0 ? text.length : lineEnd).trim();
      if (isProseLine(line)) return i;
    }
    lineStart = false;
    if (ch === '\n') {
      lineStart = true;
      i++;
    } else if (ch === ';') {
      return i + 1;
    } else if (ch === '.' && (i + 1 >= text.length || /\s/.test(text[i + 1]))) {
      // "... FROM t. This lists ..." or a sentence-ending period: the statement ended before the period.
      const lineEnd = text.indexOf('\n', i);
      const after = text.slice(i + 1, lineEnd < 0 ? text.length : lineEnd).trim();
      if (after === '' || isProseLine(after)) return i;
      i++;
    } else if (ch === '`' && inlineBacktick) {
      return i;
    } else if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === close) {
          if (text[j + 1] === close && close !== ']') j += 2;
          else break;
        } else if (text[j] === '\\' && close === "'") j += 2;
        else j++;
      }
      i = j + 1;
    } else if (ch === '-' && text[i + 1] === '-') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else {
      i++;
    }
  }
  return text.length;
}

/** Trims whitespace, a trailing semicolon and a leading "SQL:"/"Query:" label. */
function tidy(sql: string): string {
  return sql
    .trim()
    .replace(/^(?:sql\s*query|sql|query)\s*:\s*/i, '')
    .replace(/;\s*$/, '')
    .trim();
}

/** Fenced code blocks in order: language tag (lower case, may be '') and body. An unclosed last fence runs to the end. */
function fencedBlocks(text: string): Array<{ lang: string; body: string }> {
  const blocks: Array<{ lang: string; body: string }> = [];
  const fence = /(^|\n)[ \t]*(```|~~~)[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/g;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    blocks.push({ lang: m[3].toLowerCase(), body: m[4] });
  }
  return blocks;
}

/**
 * Start offset of the first plausible statement: a keyword at a line start, after a colon or an opening backtick,
 * or written in upper case mid-sentence, followed by a statement's shape. A capitalised keyword ("Select the ...")
 * starts a sentence, not SQL, unless `allowCapitalised` (inside a code fence).
 */
function findStatementStart(text: string, allowCapitalised = false): { start: number; inlineBacktick: boolean } | null {
  const keywords = STATEMENT_STARTS.map((s) => s.keyword).join('|');
  const candidate = new RegExp(`(^|\\n[ \\t>]*|:[ \\t]*|\`)(${keywords})\\b|(?<=[\\s(])(${keywords})\\b`, 'gi');
  for (let m = candidate.exec(text); m; m = candidate.exec(text)) {
    const word = m[2] ?? m[3];
    const start = m.index + m[0].length - word.length;
    // Mid-sentence keywords only count when written in upper case ("... run SELECT id FROM t").
    if (m[3] !== undefined && word !== word.toUpperCase()) continue;
    if (!allowCapitalised && word !== word.toUpperCase() && word !== word.toLowerCase()) continue;
    const rest = text.slice(start);
    const spec = STATEMENT_STARTS.find((s) => s.keyword === word.toUpperCase());
    if (spec && spec.shape.test(rest)) {
      return { start, inlineBacktick: m[1] === '`' };
    }
  }
  return null;
}

/**
 * Extracts one SQL statement from a model reply.
 *
 * Order: strip reasoning blocks; a reply starting with `CANNOT_ANSWER` yields ''; the first fenced block tagged
 * `sql` (or untagged/other-tagged containing a statement) is returned whole, so a multi-statement block still reaches
 * the checker, which refuses it; otherwise the first plausible statement in the prose, cut at its `;` or at a
 * trailing explanation. "SQL:" labels and a trailing semicolon are removed.
 * @param text the raw model reply
 * @returns the SQL text, or '' when the reply holds no SQL (e.g. the model says it cannot answer)
 */
export function extractSql(text: string): string {
  const reply = stripThinking(text ?? '');
  if (!reply || cannotAnswerReason(reply) !== null) return '';

  const blocks = fencedBlocks(reply);
  const sqlTagged = blocks.find(
    (b) =>
      /^(?:sql|sqlite|postgres(?:ql)?|pgsql|mysql|mariadb|tsql|t-sql|snowflake|plsql)$/.test(b.lang) && tidy(b.body),
  );
  const withStatement = sqlTagged ?? blocks.find((b) => findStatementStart(tidy(b.body), true)?.start === 0);
  if (withStatement) return tidy(withStatement.body);
  const inBlock = blocks.map((b) => b.body).find((body) => findStatementStart(body, true));
  const source = inBlock ?? reply.replace(/(^|\n)[ \t]*(```|~~~)[^\n]*/g, '$1');

  const found = findStatementStart(source, inBlock !== undefined);
  if (!found) return '';
  const rest = source.slice(found.start);
  return tidy(rest.slice(0, statementEnd(rest, found.inlineBacktick)));
}
