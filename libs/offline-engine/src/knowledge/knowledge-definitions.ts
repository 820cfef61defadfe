import type { KnowledgeDefinition } from '@nlq/contracts';
import { parseDefinitionExpression } from '@nlq/db-drivers';
import type { ColumnRef, Filter, Measure, ReadIntent, QueryIntent, SqlFragment } from '../sketches/query-intent';
import { isWriteIntent } from '../sketches/query-intent';
import type { JoinPlanner } from '../linking/join-planner';
import { UnmappedQuestionError } from '../linking/question-items';
import type { SchemaLexicon } from '../linking/schema-lexicon';
import { lemmasOf } from '../words/word-lemmas';
import { normalizedWords, normalizeWord } from '../words/word-forms';

export type { SqlFragment };

const IDENT = String.raw`(?:"[^"]+"|\x60[^\x60]+\x60|\[[^\]]+\]|[\p{L}_][\p{L}\p{N}_$]*)`;
const FRAGMENT_TOKEN = new RegExp(String.raw`'(?:[^']|'')*'|(?<ref>${IDENT}(?:\s*\.\s*${IDENT}){1,2})`, 'gu');

/** Unquoted name of one identifier as written (`"Order"` -> Order, `[x]` -> x). */
function unquote(ident: string): string {
  const t = ident.trim();
  if (/^["`[]/.test(t)) return t.slice(1, -1);
  return t;
}

/**
 * A definition's SQL part as a fragment: parsed in the schema's dialect and written back from its parse tree
 * (parseDefinitionExpression of @nlq/db-drivers; docs/knowledge.md), so no comment or text the parse does not hold
 * ever reaches the engine's SQL; then cut at its qualified column references, each resolved against the schema
 * (`table.column` or `schema.table.column`, quoted or not); string literals are kept as the tree writes them.
 * @throws UnmappedQuestionError when the part is refused or a reference names no column of the schema.
 */
export function parseSqlFragment(text: string, lexicon: SchemaLexicon): SqlFragment {
  const parsed = parseDefinitionExpression(text, lexicon.schema.dialect);
  if (!parsed.ok) throw new UnmappedQuestionError(`the definition's SQL "${text}" cannot be used: ${parsed.problem}`);
  const sql = parsed.sql;
  const parts: Array<string | ColumnRef> = [];
  const tables: string[] = [];
  let at = 0;
  for (const m of sql.matchAll(FRAGMENT_TOKEN)) {
    const ref = m.groups?.ref;
    if (!ref) continue;
    const names = ref.split(new RegExp(String.raw`\s*\.\s*(?=${IDENT})`, 'u')).map(unquote);
    const hits = lexicon.qualifiedColumns(names.join('.'));
    if (hits.length !== 1)
      throw new UnmappedQuestionError(`the definition's SQL names "${ref}", which is no column of the schema`);
    if (m.index > at) parts.push(sql.slice(at, m.index));
    parts.push({ table: hits[0].table, column: hits[0].column });
    if (!tables.includes(hits[0].table)) tables.push(hits[0].table);
    at = m.index + m[0].length;
  }
  if (at < sql.length) parts.push(sql.slice(at));
  if (!tables.length) throw new UnmappedQuestionError(`the definition's SQL "${sql}" names no column`);
  return { parts, tables };
}

/** The fragment written with `col` for each column reference. */
export function renderSqlFragment(fragment: SqlFragment, col: (ref: ColumnRef) => string): string {
  return fragment.parts.map((p) => (typeof p === 'string' ? p : col(p))).join('');
}

/** True when the fragment has a top-level-unsafe `OR` outside string literals (it is then parenthesised in a WHERE). */
export function fragmentHasOr(fragment: SqlFragment): boolean {
  return fragment.parts.some((p) => typeof p === 'string' && /\bor\b/i.test(p.replace(/'(?:[^']|'')*'/g, "''")));
}

/** A metric the question uses: its expression, and its own condition when it has one. */
interface UsedMetric {
  name: string;
  placeholder: ColumnRef;
  expression: SqlFragment;
  filter: SqlFragment | null;
  /** A ranking word came before it ("the highest revenue"): only a ranking reads the question. */
  ranked: boolean;
}

const RANK_UP = new Set(['highest', 'largest', 'biggest', 'greatest', 'most', 'best']);
const RANK_DOWN = new Set(['lowest', 'smallest', 'least', 'fewest', 'worst']);

/** What the definitions the question uses make of it: the question restated, the metrics and the conditions. */
export interface DefinitionReading {
  /** The question with each definition's words replaced by words the engine reads (a table or `table.column` name). */
  question: string;
  metrics: UsedMetric[];
  /** Conditions of filters and of synonyms of a value, each a WHERE conjunct. */
  conditions: Array<{ name: string; condition: SqlFragment }>;
}

interface QuestionWord {
  start: number;
  end: number;
  forms: Set<string>;
}

/** Matching forms of one word: its singular lower-case form and its lemmas. */
function formsOf(word: string): Set<string> {
  const lower = word.toLowerCase();
  return new Set([normalizeWord(lower), lower, ...lemmasOf(lower).map(normalizeWord)]);
}

function questionWords(question: string): QuestionWord[] {
  const out: QuestionWord[] = [];
  // a `table.column` name written in the question is one word, never a definition's
  for (const m of question.matchAll(/[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_*]+)*(?:'s)?/gu)) {
    const text = m[0].replace(/'s$/, '');
    out.push({ start: m.index, end: m.index + m[0].length, forms: text.includes('.') ? new Set() : formsOf(text) });
  }
  return out;
}

function phraseWords(phrase: string): string[] {
  return phrase
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .map((w) => normalizeWord(w));
}

/** Where the phrase's words occur in the question's words, as [first, last] word indexes. */
function phraseAt(words: readonly QuestionWord[], phrase: string): Array<[number, number]> {
  const p = phraseWords(phrase);
  if (!p.length) return [];
  const hits: Array<[number, number]> = [];
  for (let i = 0; i + p.length <= words.length; i++) {
    if (p.every((w, k) => words[i + k].forms.has(w))) hits.push([i, i + p.length - 1]);
  }
  return hits;
}

/** Words that end a noun phrase: a filter's words are never read across them. */
const PHRASE_BREAKS = new Set([
  'and',
  'or',
  'not',
  'no',
  'nor',
  'with',
  'without',
  'in',
  'of',
  'than',
  'by',
  'per',
  'for',
  'from',
  'to',
  'at',
  'on',
  'the',
  'a',
  'an',
  'that',
  'which',
  'who',
  'whose',
  'but',
]);

/**
 * A filter's name whose last word names a table, with one or two other words before that table word ("good french
 * restaurants" for "good restaurant"): [first, last] word indexes of the words before the table word, which are the
 * words consumed (the others and the table word stay).
 */
function gappedPhraseAt(
  words: readonly QuestionWord[],
  phrase: string,
  lexicon: SchemaLexicon,
): Array<[number, number]> {
  const p = phraseWords(phrase);
  if (p.length < 2) return [];
  const head = p.slice(0, -1);
  const last = p[p.length - 1];
  const hits: Array<[number, number]> = [];
  for (let i = 0; i + head.length < words.length; i++) {
    if (!head.every((w, k) => words[i + k].forms.has(w))) continue;
    const after = i + head.length;
    for (let j = after + 1; j <= after + 2 && j < words.length; j++) {
      const gap = words.slice(after, j);
      if (gap.some((w) => w.forms.size === 0 || [...w.forms].some((f) => PHRASE_BREAKS.has(f)))) break;
      if (words[j].forms.has(last) && namesTable(words[j], lexicon)) hits.push([i, after - 1]);
    }
  }
  return hits;
}

/**
 * The column a metric is restated with ("sum of table.column"), which places the measure in the table of the
 * expression's first column: the expression's first numeric column, else a numeric column of that table (a count of
 * ids, `COUNT(DISTINCT orders.customer_id)`, is a measure of orders too), else its first column.
 */
function placeholderOf(expression: SqlFragment, lexicon: SchemaLexicon): ColumnRef {
  const refs = expression.parts.filter((p): p is ColumnRef => typeof p !== 'string');
  const numeric = refs.find((r) => lexicon.columnKind(r.table, r.column) === 'number');
  if (numeric) return numeric;
  const other = lexicon.columnsOfKind(refs[0].table, 'number')[0];
  return other ? { table: refs[0].table, column: other } : refs[0];
}

/** The table a synonym's target names (`table` or `schema.table`), or null. */
function targetTable(target: string, lexicon: SchemaLexicon): string | null {
  const t = target.trim().toLowerCase();
  for (const table of lexicon.schema.tables) {
    const key = table.schema ? `${table.schema}.${table.name}` : table.name;
    if (key.toLowerCase() === t || table.name.toLowerCase() === t) return key;
  }
  return null;
}

/** True when `word` names a table of the schema by its last word ("customers" for `customers`, `retail_customers`). */
function namesTable(word: QuestionWord, lexicon: SchemaLexicon): boolean {
  return lexicon.schema.tables.some((t) => {
    const words = normalizedWords(t.name);
    return words.length > 0 && word.forms.has(words[words.length - 1]);
  });
}

/**
 * Read the definitions the question uses (docs/knowledge.md): each metric, filter and synonym whose name or one of
 * whose synonyms occurs in the question's words (compared in singular lower-case form and by lemma, longest first,
 * without overlaps; a filter's name also with one or two other words before its table word: "good french
 * restaurants"); instructions and definitions the question does not use are ignored. A metric's words (and a
 * "total" or "sum of" before them) become `sum of table.column` of its expression's first column, so that every
 * question form reads it as a measure of that table; a filter's words, and a synonym of a value's, are consumed (a
 * last word naming a table is kept: "good restaurants" -> "restaurants"; another phrase of several words becomes
 * the condition's table: "good places" -> "restaurant") and become conditions; a synonym of a table
 * or column becomes the table's name or `table.column`. Null when the question uses none.
 * @throws UnmappedQuestionError when a used definition's SQL names no column of the schema.
 */
export function readDefinitions(
  question: string,
  knowledge: readonly KnowledgeDefinition[] | undefined,
  lexicon: SchemaLexicon,
): DefinitionReading | null {
  if (!knowledge?.length) return null;
  const words = questionWords(question);
  const used = usedDefinitions(words, knowledge, lexicon);
  if (!used.length) return null;
  const reading: DefinitionReading = { question, metrics: [], conditions: [] };
  let text = question;
  // from the question's end, so that each replacement leaves the offsets of the words before it intact
  for (const match of used) {
    const { def } = match;
    let start = words[match.from].start;
    let by: string;
    if (def.kind === 'metric') {
      const read = readMetric(def, match, words, lexicon);
      reading.metrics.push(read.metric);
      start = read.start;
      by = read.by;
    } else if (def.kind === 'filter' || (def.kind === 'synonym' && def.target.includes('='))) {
      const read = readCondition(def, match, words, question, lexicon);
      reading.conditions.push(read.condition);
      by = read.by;
    } else if (def.kind === 'synonym') by = synonymWords(def, lexicon);
    else continue;
    text = `${text.slice(0, start)}${by}${text.slice(words[match.to].end)}`;
  }
  reading.question = asRanking(text.replace(/\s{2,}/g, ' ').trim());
  reading.metrics.reverse();
  reading.conditions.reverse();
  return reading;
}

/** A definition's phrase found in the question: its first and last word; `gapped` when read across other words. */
interface DefinitionMatch {
  def: KnowledgeDefinition;
  from: number;
  to: number;
  gapped?: boolean;
}

/**
 * The metrics, filters and synonyms whose name or a synonym occurs in the question (a filter's also with words
 * between, gappedPhraseAt): longest first, an exact phrase before one read across other words, none sharing a word
 * with one taken before; answered from the question's last word back.
 */
function usedDefinitions(
  words: readonly QuestionWord[],
  knowledge: readonly KnowledgeDefinition[],
  lexicon: SchemaLexicon,
): DefinitionMatch[] {
  const candidates: DefinitionMatch[] = [];
  for (const def of knowledge) {
    if (def.kind === 'instruction' || def.kind === 'description' || def.kind === 'relationship' || def.deleted)
      continue;
    for (const phrase of [def.name, ...(def.synonyms ?? [])]) {
      for (const [from, to] of phraseAt(words, phrase)) candidates.push({ def, from, to });
      if (def.kind === 'filter')
        for (const [from, to] of gappedPhraseAt(words, phrase, lexicon))
          candidates.push({ def, from, to, gapped: true });
    }
  }
  // longest first; an exact phrase before one read across other words
  candidates.sort(
    (a, b) =>
      Number(a.gapped ?? false) - Number(b.gapped ?? false) || b.to - b.from - (a.to - a.from) || a.from - b.from,
  );
  const taken = new Set<number>();
  const used = candidates.filter((c) => {
    for (let i = c.from; i <= c.to; i++) if (taken.has(i)) return false;
    for (let i = c.from; i <= c.to; i++) taken.add(i);
    return true;
  });
  return used.sort((a, b) => b.from - a.from);
}

/**
 * A used metric and the words that replace it from `start` (a character offset of the question, moved back over a
 * "total", "sum of", "total of" and a ranking word before it): `sum of table.column` of its placeholder column,
 * after "most"/"least" when ranked ("the highest revenue").
 */
function readMetric(
  def: Extract<KnowledgeDefinition, { kind: 'metric' }>,
  { from }: DefinitionMatch,
  words: readonly QuestionWord[],
  lexicon: SchemaLexicon,
): { metric: UsedMetric; start: number; by: string } {
  let start = words[from].start;
  const expression = parseSqlFragment(def.expression, lexicon);
  const placeholder = placeholderOf(expression, lexicon);
  // "total revenue", "the sum of revenue": the metric is the aggregate, never a second one
  const before = words.slice(Math.max(0, from - 2), from).map((w) => [...w.forms][0]);
  if (before.length === 2 && before[0] === 'sum' && before[1] === 'of') start = words[from - 2].start;
  else if (before.length === 2 && before[0] === 'total' && before[1] === 'of') start = words[from - 2].start;
  else if (before.length && before[before.length - 1] === 'total') start = words[from - 1].start;
  // "the highest revenue", "the least revenue": a ranking by the metric, read as "the most"/"the least" measure
  const startWord = words.findIndex((w) => w.start === start);
  const rankWord = startWord > 0 ? [...words[startWord - 1].forms][0] : '';
  const ranked = RANK_UP.has(rankWord) ? 'most' : RANK_DOWN.has(rankWord) ? 'least' : null;
  if (ranked) start = words[startWord - 1].start;
  const metric: UsedMetric = {
    name: def.name,
    placeholder,
    expression,
    filter: def.filter ? parseSqlFragment(def.filter, lexicon) : null,
    ranked: ranked !== null,
  };
  const by = `${ranked ? `${ranked} ` : ''}sum of ${lexicon.restatedColumn(placeholder.table, placeholder.column)}`;
  return { metric, start, by };
}

/**
 * The condition of a used filter or synonym of a value, and the words left in place of its phrase: a last word naming
 * a table stays ("good restaurants" -> "restaurants"), another phrase of several words becomes the condition's table
 * ("good places" -> "restaurant"), an adjective alone or a phrase read across other words leaves nothing.
 */
function readCondition(
  def: Extract<KnowledgeDefinition, { kind: 'filter' | 'synonym' }>,
  { from, to, gapped }: DefinitionMatch,
  words: readonly QuestionWord[],
  question: string,
  lexicon: SchemaLexicon,
): { condition: DefinitionReading['conditions'][number]; by: string } {
  const condition = parseSqlFragment(def.kind === 'filter' ? def.condition : def.target, lexicon);
  const by = gapped
    ? ''
    : namesTable(words[to], lexicon)
      ? question.slice(words[to].start, words[to].end)
      : to > from
        ? lexicon.table(condition.tables[0]).name
        : '';
  return { condition: { name: def.name, condition }, by };
}

/**
 * The words a synonym of a table or column stands for: the table's name or its restated `table.column`.
 * @throws UnmappedQuestionError when the target is no table and no single column of the schema.
 */
function synonymWords(def: Extract<KnowledgeDefinition, { kind: 'synonym' }>, lexicon: SchemaLexicon): string {
  const table = targetTable(def.target, lexicon);
  if (table) return lexicon.table(table).name;
  const column = lexicon.qualifiedColumns(def.target.trim());
  if (column.length !== 1)
    throw new UnmappedQuestionError(
      `the synonym "${def.name}" names "${def.target}", which is no table or column of the schema`,
    );
  return lexicon.restatedColumn(column[0].table, column[0].column);
}

const WHICH_HAS_MOST =
  /^(?:which|what)\s+([\p{L}_]+(?:\s+[\p{L}_]+)?)\s+(?:has|had|have|with)\s+the\s+(most|least)\s+(sum of \S+)(.*)$/iu;
const ROW_WITH_MOST =
  /^(?:(?:show|list|find|give)(?: me)?\s+)?(?:the\s+)?([\p{L}_]+)\s+with\s+the\s+(most|least)\s+(sum of \S+)(.*)$/iu;

/**
 * A singular ranking by a metric restated as the engine's top-N form with ties: "which customer has the highest
 * revenue" -> "top customer by sum of orders.total" (every customer holding the extreme value), "the country with the
 * least revenue" -> "bottom country by ..."; other questions unchanged.
 */
function asRanking(question: string): string {
  const m = WHICH_HAS_MOST.exec(question) ?? ROW_WITH_MOST.exec(question);
  if (!m) return question;
  const [, rows, rank, measure, rest] = m;
  return `${rank.toLowerCase() === 'most' ? 'top' : 'bottom'} ${rows} by ${measure}${rest}`;
}

/** The name of a definition as an output column alias: `revenue`, `net_revenue`. */
function aliasOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'value'
  );
}

/**
 * `intent` with the definitions of `reading` applied: each measure that is a metric's placeholder (`SUM(t.c)` of its
 * first column) takes the metric's expression as written, the metric's own filter and every condition join the
 * filters. A metric no measure of the intent uses, or definitions on a ratio, a write, a per-group ranking or a
 * related-rows aggregate are refused, never dropped.
 * @throws UnmappedQuestionError
 */
export function withDefinitions(
  intent: QueryIntent,
  reading: DefinitionReading | null,
  planner: JoinPlanner,
): QueryIntent {
  if (!reading) return intent;
  if (isWriteIntent(intent))
    throw new UnmappedQuestionError('it does not apply business definitions to a change of data');
  if (intent.ratio || intent.perGroup)
    throw new UnmappedQuestionError('it does not apply business definitions to this form of question');
  const read: ReadIntent = intent;
  const isPlaceholder = (m: Measure, p: ColumnRef) =>
    m.fn === 'sum' && m.expr.kind === 'column' && m.expr.ref.table === p.table && m.expr.ref.column === p.column;
  let measure = read.measure;
  let moreMeasures = read.moreMeasures;
  const extra: Filter[] = [];
  for (const metric of reading.metrics) {
    const apply = (m: Measure): Measure =>
      isPlaceholder(m, metric.placeholder) && !m.definition
        ? {
            ...m,
            definition: metric.expression,
            alias: aliasOf(metric.name),
            label: metric.name,
            money: m.money && moneyExpression(metric),
          }
        : m;
    const before = [measure, ...(moreMeasures ?? [])];
    measure = measure ? apply(measure) : measure;
    moreMeasures = moreMeasures?.map(apply);
    const after = [measure, ...(moreMeasures ?? [])];
    if (after.every((m, i) => m === before[i]))
      throw new UnmappedQuestionError(`it could not use the metric "${metric.name}" as a measure of this question`);
    // "the customer with the least revenue" read as one total would drop the ranking and the customer
    if (metric.ranked && read.kind !== 'top')
      throw new UnmappedQuestionError(`it could not tell what is ranked by the metric "${metric.name}"`);
    // the metric's own filter is part of the metric: the measure's label already names it in the answer
    if (metric.filter) extra.push({ ...sqlFilter(metric.name, metric.filter), label: '' });
  }
  if (
    read.filters.some(
      (f) =>
        f.kind === 'related' &&
        f.aggregate &&
        reading.metrics.some(
          (m) =>
            f.aggregate?.expr.kind === 'column' &&
            f.aggregate.expr.ref.column === m.placeholder.column &&
            f.aggregate.expr.ref.table === m.placeholder.table,
        ),
    )
  ) {
    throw new UnmappedQuestionError('it does not apply a metric to a condition on related rows');
  }
  for (const c of reading.conditions) extra.push(sqlFilter(c.name, c.condition));
  // a condition describes the measured (or listed) rows, or a row each of them points to; on rows that fan out
  // ("clients with more than 2 big orders") it would belong inside a count of related rows: refused
  const anchor =
    measure && measure.fn !== 'none' && measure.expr.kind !== 'rows'
      ? measure.expr.kind === 'column'
        ? measure.expr.ref.table
        : measure.expr.left.table
      : read.subject;
  const relatedTables = new Set(read.filters.flatMap((f) => (f.kind === 'related' ? [f.table] : [])));
  for (const f of extra) {
    if (f.kind !== 'sql') continue;
    for (const table of f.fragment.tables) {
      if (relatedTables.has(table) || (table !== anchor && fansOut(planner, anchor, table))) {
        throw new UnmappedQuestionError(
          `it could not tell which rows "${f.label || f.fragment.parts.map((p) => (typeof p === 'string' ? p : `${p.table}.${p.column}`)).join('')}" describes`,
        );
      }
    }
  }
  return { ...read, measure, ...(moreMeasures ? { moreMeasures } : {}), filters: [...read.filters, ...extra] };
}

/** True when the metric's value is money like its placeholder column: it adds up that column, never counts rows. */
function moneyExpression(metric: UsedMetric): boolean {
  const own = metric.expression.parts.some(
    (p) => typeof p !== 'string' && p.table === metric.placeholder.table && p.column === metric.placeholder.column,
  );
  return own && !metric.expression.parts.some((p) => typeof p === 'string' && /\bcount\s*\(/i.test(p));
}

function fansOut(planner: JoinPlanner, from: string, to: string): boolean {
  try {
    return planner.plan(from, [to]).fansOut;
  } catch {
    return true;
  }
}

function sqlFilter(name: string, fragment: SqlFragment): Filter {
  const ref = fragment.parts.find((p): p is ColumnRef => typeof p !== 'string') as ColumnRef;
  return { kind: 'sql', ref, fragment, label: name };
}
