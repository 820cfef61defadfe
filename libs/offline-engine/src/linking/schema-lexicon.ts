import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { isMoneyColumn } from '../sketches/intent-words';
import { documentedNames } from './documented-names';
import { normalizedWords, singularize, splitIdentifier, valueWords } from '../words/word-forms';

/** What a phrase of the question can refer to. Tables are named by {@link tableKey}. */
export type LexiconTarget =
  | { kind: 'table'; table: string }
  | { kind: 'column'; table: string; column: string; exact: boolean }
  | { kind: 'value'; table: string; column: string; value: string };

/** Broad type of a column, from its declared type and name. */
export type ColumnKind = 'number' | 'date' | 'text' | 'id' | 'other';

/** A few synonyms applied to question words that match nothing as written (word -> schema word). */
const SYNONYMS = new Map<string, string[]>(
  Object.entries({
    client: ['customer'],
    buyer: ['customer'],
    shopper: ['customer'],
    purchaser: ['customer'],
    nation: ['country'],
    staff: ['employee'],
    worker: ['employee'],
    cost: ['price'],
    sku: ['product'],
    kind: ['type', 'category'],
    type: ['category', 'kind'],
    genre: ['category'],
    state: ['status'],
    qty: ['quantity'],
    phone: ['phone', 'telephone'],
    mail: ['email'],
    town: ['city'],
    zip: ['postal', 'postcode'],
  }),
);

/** Last words of a column that make the words before them an entity: `country_name`, `airline_code`, `food_type`. */
const ENTITY_KEY_WORDS = new Set(['name', 'code', 'type', 'kind']);

const NUMERIC_TYPE = /int|real|float|double|decimal|numeric|number|money|serial|bit\b/i;
const DATE_TYPE = /date|time/i;
const DATE_NAME = /(^|_|[a-z])(date|Date|DATE|_at|_on|At|On|time|Time)$/;

/** Stable key of a table: `schema.name` when a schema is set, else `name`. */
export function tableKey(table: TableSchema): string {
  return table.schema ? `${table.schema}.${table.name}` : table.name;
}

/** One match of question tokens against the lexicon. */
export interface LexiconMatch {
  /** Number of tokens matched. */
  length: number;
  targets: LexiconTarget[];
}

/**
 * Words of an introspected schema: tables (singular/plural, snake_case and camelCase split), columns (full name,
 * `<table> <column>` such as "order total", the column without its table prefix such as `name` for `product_name`,
 * and the head noun such as `price` for `unit_price`), and the `sampleValues` of low-cardinality text columns
 * (multi-word values included). Matching is case-insensitive on singular word forms. The `knownValues` of
 * high-cardinality columns (value retrieval) match only where no schema name or sample value does, and never
 * across a word that names a table or column ("french restaurant" stays a value and a table).
 */
export class SchemaLexicon {
  readonly tables = new Map<string, TableSchema>();
  private readonly phrases = new Map<string, LexiconTarget[]>();
  /** Phrases of the known values of high-cardinality columns, consulted after `phrases`. */
  private readonly knownPhrases = new Map<string, LexiconTarget[]>();
  private readonly wordSet = new Set<string>();
  private maxWords = 1;
  /** Answers of the per-table lookups below, computed once: the lexicon and its schema do not change. */
  private readonly memo = new Map<string, unknown>();

  constructor(readonly schema: DatabaseSchema) {
    for (const table of schema.tables) this.tables.set(tableKey(table), table);
    for (const table of schema.tables) this.addTable(table);
    this.addEntityColumns(schema);
    this.addValueColumns(schema);
    this.addDocumentedColumns(schema);
  }

  /**
   * A documented meaning names its column (docs/knowledge.md "Descriptions"): the names of each part of a column's
   * comment or knowledge description ({@link documentedNames}: the part, its leading noun phrase and that phrase's
   * head noun: "No Child Left Behind" for `c14`, "salary" for a column documented "Employee salary per year") match
   * the column, as a weaker synonym: only a phrase no table, column or earlier meaning uses, and only when one column
   * of the schema has it, so a documented word never overrides a name.
   */
  private addDocumentedColumns(schema: DatabaseSchema): void {
    const found = new Map<string, Array<Extract<LexiconTarget, { kind: 'column' }>>>();
    for (const table of schema.tables)
      for (const column of table.columns)
        for (const words of documentedNames(column.comment ?? '')) {
          const key = words.join(' ');
          if (this.phrases.has(key)) continue;
          const list = found.get(key) ?? [];
          if (!list.some((t) => t.table === tableKey(table) && t.column === column.name))
            list.push({ kind: 'column', table: tableKey(table), column: column.name, exact: false });
          found.set(key, list);
        }
    for (const [key, targets] of found) if (targets.length === 1) this.add(key.split(' '), targets[0]);
  }

  /**
   * A column that names an entity the schema has no table for (`country_name`, `airport_code` without a `country`
   * or `airport` table) is also matched by the entity's words alone: "each country" -> `country_name`; and the head
   * noun of a compound table name that no other name uses names that table ("line items" -> InvoiceLine).
   */
  /** "order value", "product value": the one money column of a table (`total_amount`), named by its worth. */
  private addValueColumns(schema: DatabaseSchema): void {
    for (const table of schema.tables) {
      const key = tableKey(table);
      const money = this.columnsOfKind(key, 'number').filter((c) => isMoneyColumn(c));
      const phrase = [...normalizedWords(table.name), 'value'];
      if (money.length === 1 && !this.phrases.has(phrase.join(' ')))
        this.add(phrase, { kind: 'column', table: key, column: money[0], exact: false });
    }
  }

  private addEntityColumns(schema: DatabaseSchema): void {
    const tableWords = new Set(schema.tables.map((t) => normalizedWords(t.name).join(' ')));
    const known = new Set(this.phrases.keys());
    // the head noun of a compound table name names the table when nothing else uses it: "line" for InvoiceLine
    const heads = new Map<string, string[]>();
    for (const table of schema.tables) {
      const tw = normalizedWords(table.name);
      if (tw.length > 1) heads.set(tw[tw.length - 1], [...(heads.get(tw[tw.length - 1]) ?? []), tableKey(table)]);
    }
    for (const [head, tables] of heads)
      if (tables.length === 1 && !known.has(head) && !tableWords.has(head))
        this.add([head], { kind: 'table', table: tables[0] });
    for (const table of schema.tables) {
      for (const column of table.columns) {
        const cw = normalizedWords(column.name);
        if (cw.length < 2 || !ENTITY_KEY_WORDS.has(cw[cw.length - 1])) continue;
        const entity = cw.slice(0, -1);
        if (tableWords.has(entity.join(' ')) || known.has(entity.join(' '))) continue;
        this.add(entity, { kind: 'column', table: tableKey(table), column: column.name, exact: false });
      }
    }
  }

  /**
   * The column a `table.column` name spells (case-insensitive; `schema.table.column` for a qualified table), or every
   * column of the table for `table.*`, as exact column targets; [] when none does.
   */
  qualifiedColumns(name: string): Array<Extract<LexiconTarget, { kind: 'column' }>> {
    const dot = name.lastIndexOf('.');
    const exact = this.columnsNamed(name.slice(0, dot), name.slice(dot + 1), (n) => n.toLowerCase());
    if (exact.length) return exact;
    // a name restated as one word (restatedColumn: `Order_Details.UnitPrice` for "Order Details"), when unambiguous
    return this.columnsNamed(name.slice(0, dot), name.slice(dot + 1), restatedWord);
  }

  /**
   * `table.column` as the engine's restated questions write it, one token the question tokenizer reads as a
   * qualified name: every run of characters other than letters, digits and `_` becomes `_` (`Order_Details.UnitPrice`
   * for the table "Order Details"); {@link qualifiedColumns} reads it back.
   */
  restatedColumn(tableKey: string, column: string): string {
    return `${restatedWord(this.table(tableKey).name)}.${column === '*' ? '*' : restatedWord(column)}`;
  }

  /** The columns of the one table whose key or name matches `tableName` under `form` (all columns for `*`). */
  private columnsNamed(
    tableName: string,
    columnName: string,
    form: (name: string) => string,
  ): Array<Extract<LexiconTarget, { kind: 'column' }>> {
    const table = form(tableName);
    const column = form(columnName);
    const hits: Array<Array<Extract<LexiconTarget, { kind: 'column' }>>> = [];
    for (const [key, t] of this.tables) {
      if (form(key) !== table && form(t.name) !== table) continue;
      const columns = t.columns.filter((c) => columnName === '*' || form(c.name) === column);
      if (columns.length) hits.push(columns.map((c) => ({ kind: 'column', table: key, column: c.name, exact: true })));
    }
    return hits.length === 1 || (hits.length > 1 && form !== restatedWord) ? hits[0] : [];
  }

  /** The table by key; throws on an unknown key (a programming error). */
  table(key: string): TableSchema {
    const t = this.tables.get(key);
    if (!t) throw new Error(`unknown table ${key}`);
    return t;
  }

  column(tableKeyName: string, column: string): ColumnSchema {
    const c = this.once(`column\u0000${tableKeyName}\u0000${column}`, () =>
      this.table(tableKeyName).columns.find((col) => col.name === column),
    );
    if (!c) throw new Error(`unknown column ${tableKeyName}.${column}`);
    return c;
  }

  /** Singular, lower-case words of a table name: `order_items` -> [order, item]. */
  tableWords(key: string): string[] {
    return [...this.once(`tableWords\u0000${key}`, () => normalizedWords(this.table(key).name))];
  }

  /** `compute()` the first time `key` is asked for, the same answer afterwards. */
  private once<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  /** Broad kind of a column: id (key columns), number, date, text or other. */
  columnKind(tableKeyName: string, column: string): ColumnKind {
    return this.once(`columnKind\u0000${tableKeyName}\u0000${column}`, () =>
      this.computeColumnKind(tableKeyName, column),
    );
  }

  private computeColumnKind(tableKeyName: string, column: string): ColumnKind {
    const table = this.table(tableKeyName);
    const col = this.column(tableKeyName, column);
    if (col.primaryKey || table.foreignKeys.some((fk) => fk.columns.includes(column))) return 'id';
    const words = splitIdentifier(column);
    if (words[words.length - 1] === 'id' && NUMERIC_TYPE.test(col.type)) return 'id';
    if (DATE_TYPE.test(col.type) && !/update/i.test(col.type)) return 'date';
    if (NUMERIC_TYPE.test(col.type)) return 'number';
    if (DATE_NAME.test(column)) return 'date';
    if (/char|text|string|clob|varchar|enum/i.test(col.type) || col.type === '') return 'text';
    return 'other';
  }

  /** True when the column's declared type is numeric (a key stored as TEXT is not). */
  storesNumbers(tableKeyName: string, column: string): boolean {
    return NUMERIC_TYPE.test(this.column(tableKeyName, column).type);
  }

  /** Columns of a table of one kind, in schema order. */
  columnsOfKind(tableKeyName: string, kind: ColumnKind): string[] {
    const names = this.once(`columnsOfKind\u0000${tableKeyName}\u0000${kind}`, () =>
      this.table(tableKeyName)
        .columns.filter((c) => this.columnKind(tableKeyName, c.name) === kind)
        .map((c) => c.name),
    );
    return [...names];
  }

  /**
   * Columns that name a row in answers: `name`, `<table>_name`, `full_name`, `display_name`, `company_name` (a
   * supplier or shipper known by its company), else first and last name together,
   * else `title`, else `username`/`email`/`code`, else the primary key.
   */
  labelColumns(key: string): string[] {
    const table = this.table(key);
    return this.nameColumns(key) ?? (table.primaryKey.length ? [...table.primaryKey] : [table.columns[0].name]);
  }

  /** The label columns of {@link labelColumns} found by their names, or null when the table has none of them. */
  nameColumns(key: string): string[] | null {
    const names = this.once(`nameColumns\u0000${key}`, () => this.findNameColumns(key));
    return names && [...names];
  }

  private findNameColumns(key: string): string[] | null {
    const table = this.table(key);
    const tw = this.tableWords(key).join(' ');
    // run-together names count too: `datasetname` is "dataset name"
    const byWords = (...options: string[]) =>
      table.columns.find((c) => {
        const words = normalizedWords(c.name).join(' ');
        return (
          options.some((o) => o === words || o.replace(/ /g, '') === words.replace(/ /g, '')) &&
          this.columnKind(key, c.name) === 'text'
        );
      });
    const single = byWords('name', `${tw} name`, 'full name', 'display name', 'company name');
    if (single) return [single.name];
    const first = byWords('first name', 'given name', 'firstname');
    const last = byWords('last name', 'surname', 'family name', 'lastname');
    if (first && last) return [first.name, last.name];
    const title = byWords('title', `${tw} title`);
    if (title) return [title.name];
    const other = byWords('username', 'user name', 'email', 'login', 'code', 'label', 'description');
    if (other) return [other.name];
    return null;
  }

  /** Longest phrase starting at `start` whose tokens are all free (`free(i)`); null when none matches. */
  matchAt(words: Array<{ norm: string; lower: string } | null>, start: number): LexiconMatch | null {
    for (let length = Math.min(this.maxWords, words.length - start); length >= 1; length--) {
      const slice = words.slice(start, start + length);
      if (slice.some((w) => w === null)) continue;
      const variants = this.keyVariants(slice as Array<{ norm: string; lower: string }>);
      const known = this.knownPhrases.get(variants[0]) ?? this.knownPhrases.get(variants[1]);
      for (const key of variants) {
        const targets = this.phrases.get(key);
        if (targets && this.namesRowOfLastWord(slice as Array<{ norm: string; lower: string }>, targets)) break;
        // a listed value may be a known value of another column too ("new york": a state and a city)
        if (targets)
          return {
            length,
            targets: dedupe(known && targets.every((t) => t.kind === 'value') ? [...targets, ...known] : targets),
          };
      }
      if (
        known &&
        !slice.some((w) => this.namesSchema(w as { norm: string; lower: string })) &&
        !this.startsOtherValue(slice as Array<{ norm: string; lower: string }>, known)
      ) {
        return { length, targets: dedupe(known) };
      }
    }
    return null;
  }

  /**
   * True when a known value of several words begins with a word that is by itself a value of another column: "chinese
   * food" is a stored name, but "chinese" is a food type, and the longer reading must not win by length alone.
   */
  private startsOtherValue(words: Array<{ norm: string; lower: string }>, known: LexiconTarget[]): boolean {
    if (words.length < 2) return false;
    const columns = new Set(known.map((t) => (t.kind === 'value' ? `${t.table}.${t.column}` : '')));
    const first = [
      ...(this.phrases.get(words[0].norm) ?? []),
      ...(this.knownPhrases.get(words[0].norm) ?? []),
      ...(this.knownPhrases.get(words[0].lower) ?? []),
    ];
    return first.some((t) => t.kind === 'value' && !columns.has(`${t.table}.${t.column}`));
  }

  /**
   * True when a stored value of several words reads better as a value and a table: "colorado river" is stored as a
   * lowest point, but its last word names the table `river`, and "colorado" is a value of that table.
   */
  private namesRowOfLastWord(words: Array<{ norm: string; lower: string }>, targets: LexiconTarget[]): boolean {
    if (words.length < 2 || !targets.every((t) => t.kind === 'value')) return false;
    const last = words[words.length - 1];
    const tables = new Set((this.phrases.get(last.norm) ?? []).filter((t) => t.kind === 'table').map((t) => t.table));
    if (!tables.size || targets.some((t) => tables.has(t.table))) return false;
    const head = words
      .slice(0, -1)
      .map((w) => w.norm)
      .join(' ');
    return [...(this.phrases.get(head) ?? []), ...(this.knownPhrases.get(head) ?? [])].some(
      (t) => t.kind === 'value' && tables.has(t.table),
    );
  }

  /** True when the word alone names a table or column. */
  private namesSchema(word: { norm: string; lower: string }): boolean {
    return [word.norm, word.lower].some((k) => (this.phrases.get(k) ?? []).some((t) => t.kind !== 'value'));
  }

  /** Targets of a phrase given as plain words (used for quoted text): exact phrase only. */
  matchPhrase(text: string): LexiconTarget[] {
    return dedupe(this.phrases.get(normalizedWords(text).join(' ')) ?? []);
  }

  /**
   * Stored values whose words include every word of `text` in order (`sales agent` -> `Sales Support Agent`),
   * when exactly one value of one column fits; else []. For names written shorter than stored.
   */
  matchValueLoosely(text: string): Array<Extract<LexiconTarget, { kind: 'value' }>> {
    const want = normalizedWords(text);
    if (!want.length) return [];
    const fits: Array<Extract<LexiconTarget, { kind: 'value' }>> = [];
    for (const [key, targets] of this.phrases) {
      const words = key.split(' ');
      let k = 0;
      for (const w of words) if (w === want[k]) k++;
      if (k < want.length || words.length === want.length) continue;
      for (const t of targets) if (t.kind === 'value') fits.push(t);
    }
    const distinct = dedupe(fits) as Array<Extract<LexiconTarget, { kind: 'value' }>>;
    return distinct.length === 1 ? distinct : [];
  }

  /** Every word (matching form) of every phrase the lexicon knows: table, column and stored-value words. */
  words(): ReadonlySet<string> {
    return this.wordSet;
  }

  /** Targets of one phrase in matching form (`order item`), or [] when the lexicon does not know it. */
  phraseTargets(key: string): LexiconTarget[] {
    return dedupe(this.phrases.get(key) ?? []);
  }

  private keyVariants(words: Array<{ norm: string; lower: string }>): string[] {
    const direct = words.map((w) => w.norm).join(' ');
    const keys = [direct, words.map((w) => w.lower).join(' ')];
    // a compound written in parts ("check-ins", "post code") matches the name written as one word
    if (words.length > 1) keys.push(singularize(words.map((w) => w.lower).join('')));
    if (words.length === 1 && !this.phrases.has(direct)) {
      for (const syn of SYNONYMS.get(words[0].norm) ?? []) keys.push(syn);
    }
    return keys;
  }

  private add(words: string[], target: LexiconTarget): void {
    if (words.length === 0) return;
    const key = words.join(' ');
    const list = this.phrases.get(key) ?? [];
    list.push(target);
    this.phrases.set(key, list);
    for (const w of words) this.wordSet.add(w);
    this.maxWords = Math.max(this.maxWords, words.length);
  }

  private addTable(table: TableSchema): void {
    const key = tableKey(table);
    const tw = normalizedWords(table.name);
    this.add(tw, { kind: 'table', table: key });
    if (tw.length > 1) this.add([tw.join('')], { kind: 'table', table: key });
    // "tbl_orders", "dim_customer": also match without a short prefix
    if (tw.length > 1 && /^(tbl|tb|dim|fact|t)$/.test(tw[0])) this.add(tw.slice(1), { kind: 'table', table: key });
    for (const column of table.columns) {
      const cw = normalizedWords(column.name);
      const kind = this.columnKind(key, column.name);
      const exact: LexiconTarget = { kind: 'column', table: key, column: column.name, exact: true };
      const partial: LexiconTarget = { kind: 'column', table: key, column: column.name, exact: false };
      this.add(cw, exact);
      // a compound written as one word: "invoiceline" for InvoiceLine
      if (cw.length > 1) this.add([cw.join('')], exact);
      const startsWithTable = tw.length > 0 && tw.every((w, i) => cw[i] === w) && cw.length > tw.length;
      if (startsWithTable) this.add(cw.slice(tw.length), exact);
      else this.add([...tw, ...cw], exact);
      if (cw.length > 1 && kind !== 'id') this.add([cw[cw.length - 1]], partial);
      // "the total" of a row is its total_amount / total_price
      if (cw.length > 1 && cw[0] === 'total' && kind === 'number') this.add(['total'], partial);
      // a stored count is named by what it counts: citation_num, num_enrolled -> "number of citations", unless the
      // counted things are a table of their own ("number of reviews" counts review rows, not business.review_count)
      const counted = kind === 'number' ? countedNoun(cw) : null;
      if (counted && !this.schema.tables.some((t) => normalizedWords(t.name).join(' ') === counted.join(' ')))
        this.add(['number', 'of', ...counted], exact);
      // "order total" for orders.total_amount, "product price" for products.unit_price
      if (cw.length > 1 && kind === 'number' && !startsWithTable) for (const w of cw) this.add([...tw, w], partial);
      for (const value of column.sampleValues ?? []) {
        for (const vw of valuePhrases(value)) this.add(vw, { kind: 'value', table: key, column: column.name, value });
      }
      for (const value of column.knownValues ?? []) {
        for (const vw of valuePhrases(value)) {
          const phrase = vw.join(' ');
          const list = this.knownPhrases.get(phrase) ?? [];
          list.push({ kind: 'value', table: key, column: column.name, value });
          this.knownPhrases.set(phrase, list);
          this.maxWords = Math.max(this.maxWords, vw.length);
        }
      }
    }
  }
}

/** What a count column counts (`citation_num`, `num_enrolled`, `review_count` -> its other words), or null. */
function countedNoun(cw: string[]): string[] | null {
  if (cw.length < 2) return null;
  if (['num', 'count', 'number', 'cnt'].includes(cw[cw.length - 1])) return cw.slice(0, -1);
  if (['num', 'number', 'n'].includes(cw[0])) return cw.slice(1);
  return null;
}

/**
 * Matching word lists of a stored value: its words as a question writes them (`McLaren` -> [mclaren]) and, when
 * different, split like an identifier (`McLaren` -> [mc, laren], `bmw_sauber`); none for values that cannot name
 * anything (one letter, a bare number).
 */
function valuePhrases(value: string): string[][] {
  if (value.trim().length < 2 || /^\d+(\.\d+)?$/.test(value.trim())) return [];
  const asWritten = valueWords(value);
  const asIdentifier = normalizedWords(value);
  const out = asWritten.length ? [asWritten] : [];
  if (asIdentifier.length && asIdentifier.join(' ') !== asWritten.join(' ')) out.push(asIdentifier);
  return out;
}

function dedupe(targets: LexiconTarget[]): LexiconTarget[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const id = JSON.stringify(t);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Singular human noun of a table for answers: `order_items` -> `order item`. */
export function tableNoun(table: TableSchema): string {
  const words = splitIdentifier(table.name);
  if (words.length > 1 && /^(tbl|tb|dim|fact)$/.test(words[0])) words.shift();
  words[words.length - 1] = singularize(words[words.length - 1]);
  return words.join(' ');
}

/** A name as one lower-case word: runs of characters other than letters, digits and `_` become `_`. */
function restatedWord(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}_]+/gu, '_');
}
