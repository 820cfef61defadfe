import { AmbiguousQuestionError, nearMatch, qualifiedName } from '../checks/ambiguous-reading';
import { moneyColumns } from '../words/money-words';
import type { CompareOp } from './query-intent';
import { opWords } from './intent-words';
import { UnmappedQuestionError, type Item, type MentionItem } from '../linking/question-items';
import { DIMENSION_WORDS, type Keyword } from '../words/question-vocabulary';
import type { LexiconTarget, SchemaLexicon } from '../linking/schema-lexicon';
import { humanize, normalizedWords } from '../words/word-forms';

/** A filter read from the question, before its column is chosen among `targets`. */
export interface PendingValue {
  targets: Array<Extract<LexiconTarget, { kind: 'value' } | { kind: 'column' }>>;
  op: CompareOp;
  value: string | number;
  text: string;
  /** The value's words as the question spells them, when that differs from `text` ("denny's"). */
  written?: string;
  /** True when words of the question named the value's column or table ("status shipped", "the Books category"). */
  hinted?: boolean;
  /** Values joined to this one by "or" ("pending or cancelled"): rows meeting any of them. */
  or?: PendingValue[];
}

/** A keyword item of the question. */
type KwItem = Extract<Item, { t: 'kw' }>;
/** A number item of the question. */
type NumItem = Extract<Item, { t: 'num' }>;
/** A stored value a word names. */
type ValueTarget = Extract<LexiconTarget, { kind: 'value' }>;

/** Comparison keywords and their operators. */
const CMP: Partial<Record<Keyword, CompareOp>> = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=' };

/** Size adjectives: with no area or size column they rank by a table's one numeric column. */
const SIZE_WORDS = new Set(['largest', 'biggest', 'smallest']);

/** Tables the question names (used or not), to prefer columns of those tables. */
export function mentionedTables(items: readonly Item[]): Set<string> {
  const out = new Set<string>();
  for (const it of items) if (it.t === 'mention') for (const t of it.targets) if (t.kind === 'table') out.add(t.table);
  return out;
}

/**
 * Numeric columns of the dimension an adjective names (DIMENSION_WORDS), one per table the question names and
 * only in tables with exactly one such column; [] when the adjective names no dimension.
 */
export function dimensionColumns(
  items: readonly Item[],
  lex: SchemaLexicon,
  adjective: string,
): Array<Extract<LexiconTarget, { kind: 'column' }>> {
  const words = DIMENSION_WORDS.get(adjective.toLowerCase());
  if (!words) return [];
  const out: Array<Extract<LexiconTarget, { kind: 'column' }>> = [];
  const named = mentionedTables(items);
  for (const table of lex.tables.keys()) {
    if (named.size && !named.has(table)) continue;
    const numeric = lex.columnsOfKind(table, 'number');
    const cols = numeric.filter((c) => normalizedWords(c).some((w) => words.includes(w)));
    if (cols.length === 1) out.push({ kind: 'column', table, column: cols[0], exact: true });
    // "the biggest city" of a table whose one measure is not named by size words: size is that measure
    else if (cols.length === 0 && named.has(table) && SIZE_WORDS.has(adjective.toLowerCase()) && numeric.length === 1)
      out.push({ kind: 'column', table, column: numeric[0], exact: true });
  }
  return out;
}

/** True when `table` has a name column whose values the schema does not list (any word could be a name there). */
export function mayBeName(lex: SchemaLexicon, table: string): boolean {
  return (lex.nameColumns(table) ?? []).some((c) => !lex.column(table, c).sampleValues?.length);
}

/**
 * Pass 1 of the intent builder (intent-parser.ts): the filters of a question's items: stored values (narrowed by a
 * column or table named beside them), numbers compared with a column or a dimension ("longer than 500"), quoted
 * text, primary-key numbers ("invoice 37") and the bare name after a final "of". Marks what it reads used.
 */
export class FilterReader {
  readonly values: PendingValue[] = [];
  readonly labelValues: Array<{ value: string; op: CompareOp }> = [];
  readonly pkValues: Array<{ table: string; value: number }> = [];
  /** Unknown words after a final "of", taken as the name of the row a lookup reads ("the capital of X"). */
  bareName: string | null = null;

  constructor(
    private readonly items: Item[],
    private readonly lex: SchemaLexicon,
  ) {}

  /** Pass 1: reads every filter of the items (values, compared numbers, quoted text, row keys) and marks them used. */
  read(): void {
    const it = this.items;
    for (let k = 0; k < it.length; k++) {
      const item = it[k];
      if (item.used) continue;
      if (item.t === 'quoted' || (item.t === 'mention' && item.targets.some((t) => t.kind === 'value'))) {
        if (item.t === 'quoted') this.readQuoted(k);
        else this.readValue(k);
        this.readAlternatives(k);
      } else if (item.t === 'kw') this.readComparisonWord(k, item);
      else if (item.t === 'mention' && item.targets.some((t) => t.kind === 'column'))
        this.readColumnComparison(k, item);
      else if (item.t === 'mention' && item.targets.some((t) => t.kind === 'table')) this.readKeyValue(k, item);
    }
  }

  /**
   * A comparison keyword, or a keyword that is also a column's name, at `k` before a number: a column named by the
   * keyword ("a total above 500"), the money column of the rows before it ("orders over 500") or the dimension an
   * adjective names ("rivers longer than 500"). Throws UnmappedQuestionError for a dimension with no column.
   */
  private readComparisonWord(k: number, item: KwItem): void {
    const it = this.items;
    if (item.alt && !CMP[item.kw] && this.readKeywordColumn(k, item, item.alt)) return;
    const numAfter = it[k + 1]?.t === 'num' && !it[k + 1].used;
    if (!CMP[item.kw] || !numAfter) return;
    const dimension = DIMENSION_WORDS.has(item.text.toLowerCase());
    if (item.kw !== 'eq' && !dimension && this.readMoneyThreshold(k)) return;
    if (!dimension) return;
    // "rivers longer than 500": the compared column is the dimension the adjective names
    const dims = dimensionColumns(this.items, this.lex, item.text);
    if (!dims.length) throw new UnmappedQuestionError(`it found no column for "${item.text}"`);
    const num = it[k + 1] as NumItem;
    item.used = true;
    num.used = true;
    this.values.push({
      targets: dims,
      op: CMP[item.kw] as CompareOp,
      value: num.value,
      text: `${item.text} ${num.text}`,
    });
  }

  /**
   * A keyword at `k` that is also a column's name (`alt`: "a total above 500", the column `total_amount`) compared
   * with a number; only a number column of a table the question names ("orders with a total": not
   * order_items.line_total). True when it read the comparison.
   */
  private readKeywordColumn(k: number, item: KwItem, alt: LexiconTarget[]): boolean {
    const cmp = this.items[k + 1];
    const num = this.items[k + 2];
    const named = mentionedTables(this.items);
    const numeric = alt.filter(
      (t) => t.kind === 'column' && named.has(t.table) && this.lex.columnKind(t.table, t.column) === 'number',
    );
    if (
      cmp?.t !== 'kw' ||
      cmp.used ||
      !CMP[cmp.kw] ||
      cmp.kw === 'eq' ||
      num?.t !== 'num' ||
      num.used ||
      !numeric.length
    )
      return false;
    item.used = cmp.used = num.used = true;
    this.values.push({
      targets: numeric as PendingValue['targets'],
      op: CMP[cmp.kw] as CompareOp,
      value: num.value,
      text: `${item.text} ${opWords(CMP[cmp.kw] as CompareOp)} ${num.text}`,
    });
    return true;
  }

  /**
   * A column mention at `k`, then an optional comparison ("is", "over", "not"), then a number: the column compared
   * with it. A number is compared only with a numeric column (an ordering never with a key stored as text), and a
   * number before a table word counts that table's rows instead ("grades with 4 or more students").
   */
  private readColumnComparison(k: number, item: MentionItem): void {
    const it = this.items;
    let j = k + 1;
    let op: CompareOp = '=';
    const next = it[j];
    if (next?.t === 'kw' && !next.used && CMP[next.kw]) {
      op = CMP[next.kw] as CompareOp;
      j++;
    } else if (next?.t === 'kw' && next.kw === 'not' && !next.used) {
      op = '<>';
      j++;
      if (it[j]?.t === 'kw' && CMP[(it[j] as { kw: Keyword }).kw]) j++;
    }
    const num = it[j];
    // "grades with 4 or more students", "codes with fewer than 3 templates": a number before a table word counts
    // that table's rows; it is not a value of the column
    const counted =
      op !== '=' &&
      it[j + 1]?.t === 'mention' &&
      (it[j + 1] as MentionItem).targets.some((t) => t.kind === 'table') &&
      !(it[j + 1] as MentionItem).glue;
    if (num?.t !== 'num' || num.used || counted) return;
    const numeric = item.targets.filter(
      (t) =>
        t.kind === 'column' &&
        ['number', 'id'].includes(this.lex.columnKind(t.table, t.column)) &&
        (op === '=' || op === '<>' || this.lex.storesNumbers(t.table, t.column)),
    );
    if (!numeric.length) return;
    item.used = true;
    num.used = true;
    for (let m = k + 1; m < j; m++) it[m].used = true;
    this.values.push({
      targets: numeric as PendingValue['targets'],
      op,
      value: num.value,
      text: `${item.text} ${opWords(op)} ${num.text}`,
    });
  }

  /**
   * "invoice 37": a table mention at `k` followed by a whole number is that row's primary-key value (a table with a
   * one-column key; not after "top", nor before another mention).
   */
  private readKeyValue(k: number, item: MentionItem): void {
    const it = this.items;
    const num = it[k + 1];
    const prev = it[k - 1];
    const tableTarget = item.targets.find((t) => t.kind === 'table') as { table: string };
    const table = this.lex.table(tableTarget.table);
    if (
      num?.t === 'num' &&
      !num.used &&
      Number.isInteger(num.value) &&
      table.primaryKey.length === 1 &&
      !(prev?.t === 'kw' && prev.kw === 'top') &&
      (!it[k + 2] || it[k + 2].t !== 'mention')
    ) {
      num.used = true;
      this.pkValues.push({ table: tableTarget.table, value: num.value });
      item.used = true;
    }
  }

  /**
   * "orders over 500", "web orders under 20 in 2025": a comparison right after a table's rows, with no column
   * named, compares the table's one money column; with several money columns each is a
   * reading to ask about. Not when a table word follows the number (a count of related rows: "with over 5 orders").
   * True when it read the comparison.
   */
  private readMoneyThreshold(k: number): boolean {
    const it = this.items;
    const rows = it[k - 1];
    const cmp = it[k] as Extract<Item, { t: 'kw' }>;
    const num = it[k + 1] as Extract<Item, { t: 'num' }>;
    const after = it[k + 2];
    if (
      rows?.t !== 'mention' ||
      !rows.plural ||
      (after?.t === 'mention' && after.targets.some((t) => t.kind === 'table'))
    )
      return false;
    const table = rows.targets.find((t) => t.kind === 'table')?.table;
    if (!table) return false;
    const money = moneyColumns(this.lex, table);
    if (!money.length) return false;
    const op = CMP[cmp.kw] as CompareOp;
    const phrase = `${cmp.text} ${num.text}`;
    if (money.length > 1) {
      throw new AmbiguousQuestionError(
        `"${phrase}" could compare ${money.map((c) => `${table}.${c}`).join(' or ')}`,
        money.map((c) => ({
          label: `${humanize(c)} ${opWords(op)} ${num.text}`,
          phrase,
          replacement: `with ${qualifiedName(this.lex, table, c)} ${phrase}`,
        })),
      );
    }
    cmp.used = num.used = true;
    this.values.push({
      targets: [{ kind: 'column', table, column: money[0], exact: true }],
      op,
      value: num.value,
      text: `${humanize(money[0])} ${opWords(op)} ${num.text}`,
    });
    return true;
  }

  private readQuoted(k: number): void {
    const it = this.items;
    const q = it[k] as Extract<Item, { t: 'quoted' }>;
    if (q.bare) {
      q.used = true;
      this.bareName = q.text;
      return;
    }
    let j = k - 1;
    let op: CompareOp = '=';
    if (it[j]?.t === 'kw' && ['eq', 'named'].includes((it[j] as { kw: Keyword }).kw)) {
      const kw = it[j] as Extract<Item, { t: 'kw' }>;
      if (kw.kw === 'named' || (it[j - 1]?.t === 'kw' && (it[j - 1] as { kw: Keyword }).kw === 'named')) {
        kw.used = true;
        if (it[j - 1]?.t === 'kw') it[j - 1].used = true;
        q.used = true;
        this.labelValues.push({ value: q.text, op });
        return;
      }
      j--;
    }
    if (it[j]?.t === 'kw' && (it[j] as { kw: Keyword }).kw === 'not') {
      op = '<>';
      j--;
    }
    const col = it[j];
    if (col?.t === 'mention' && !col.used && col.targets.some((t) => t.kind === 'column')) {
      for (let m = j; m < k; m++) it[m].used = true;
      q.used = true;
      const targets = col.targets.filter((t) => t.kind === 'column') as PendingValue['targets'];
      this.assertListedValue(q.text, targets);
      this.values.push({ targets, op, value: q.text, text: `${col.text} ${q.text}` });
      return;
    }
    let valueTargets = this.lex.matchPhrase(q.text).filter((t) => t.kind === 'value');
    if (!valueTargets.length) valueTargets = this.lex.matchValueLoosely(q.text);
    if (valueTargets.length) {
      q.used = true;
      for (let m = j + 1; m < k; m++) it[m].used = true;
      this.values.push({
        targets: valueTargets as PendingValue['targets'],
        op,
        value: (valueTargets[0] as { value: string }).value,
        text: q.text,
      });
      return;
    }
    throw new UnmappedQuestionError(`"${q.text}" is not a stored value it knows, and no column was named for it`);
  }

  /**
   * "pending or cancelled", "type code PP or PPT": a value read at `k` followed by "or" and another value: the second
   * joins the first as an alternative (`or`); a column named for the first holds the second too when it can. Leaves
   * the "or" unread (refused later) when the second is not a plain value.
   */
  private readAlternatives(k: number): void {
    const it = this.items;
    const first = this.values[this.values.length - 1];
    const or = it[k + 1];
    const isValue = (x: Item | undefined) =>
      (x?.t === 'quoted' && !x.used) || (x?.t === 'mention' && !x.used && x.targets.some((t) => t.kind === 'value'));
    // "in Leeds or with title Manager": a column named before the second value says which
    const hinted = it[k + 2]?.t === 'mention' && !isValue(it[k + 2]) && isValue(it[k + 3]);
    const at = isValue(it[k + 2]) ? k + 2 : hinted ? k + 3 : -1;
    if (!first || !it[k].used || first.op !== '=' || or?.t !== 'kw' || or.kw !== 'or' || or.used || at < 0) return;
    const count = this.values.length;
    if (it[at].t === 'quoted') this.readQuoted(at);
    else this.readValue(at);
    if (this.values.length !== count + 1 || this.values[count].op !== '=') {
      this.values.length = count;
      return;
    }
    const second = this.values.pop() as PendingValue;
    // "type code PP or PPT": the column named for the first value holds the second when it can
    const columns = new Set(first.targets.map((t) => `${t.table}\u0000${t.column}`));
    if (columns.size === 1 && first.hinted && !second.hinted) {
      const same = second.targets.filter((t) => columns.has(`${t.table}\u0000${t.column}`));
      if (same.length) second.targets = same;
    }
    or.used = true;
    first.or = [...(first.or ?? []), second];
    this.readAlternatives(at);
  }

  /**
   * A stored value mentioned at `k`: its targets narrowed by where it is said (a place preposition, a column or
   * table named before or after it), a typo or near spelling asked back; pushed as an equality (or, after "not", an
   * inequality). A word that also names a table or column is a value only when a column says so. Throws
   * UnmappedQuestionError or AmbiguousQuestionError when the value could name a row or a condition of others.
   */
  private readValue(k: number): void {
    const it = this.items;
    const item = it[k] as MentionItem;
    const other = item.targets.filter((t) => t.kind !== 'value');
    // a column named just before the value narrows it: "status shipped", "with country = 'Canada'"
    let j = k - 1;
    let op: CompareOp = '=';
    if (it[j]?.t === 'kw' && (it[j] as { kw: Keyword }).kw === 'eq') j--;
    if (it[j]?.t === 'kw' && (it[j] as { kw: Keyword }).kw === 'not') {
      op = '<>';
      j--;
    }
    const located = this.locatingValues(item);
    const narrowed = this.narrowByColumnBefore(k, j, located) ?? this.narrowByOwner(k, j, located);
    const hinted = narrowed !== null;
    if (!hinted && other.length) return; // the word names a table or column first; a value only when a column says so
    if (!hinted && it[k - 1]?.t === 'kw' && (it[k - 1] as { kw: Keyword }).kw === 'not') {
      op = '<>';
      it[k - 1].used = true;
    }
    let targets = this.narrowByFollowing(k, narrowed ?? located);
    item.used = true;
    // a value spelled otherwise than stored ("denny" for "denny's", a typo) is asked back, not assumed
    const near = item.synonym ? targets : nearMatch(item.written ?? item.text, targets, (t) => t.table, this.lex);
    if (!Array.isArray(near)) throw near;
    targets = near;
    this.values.push({
      targets,
      op,
      value: targets[0].value,
      text: item.text,
      ...(item.written ? { written: item.written } : {}),
      ...(hinted ? { hinted } : {}),
    });
    this.valueAsNoun(k, targets);
  }

  /**
   * The value targets of `item`; after a preposition of place ("rivers in colorado", "flows through ohio") a value
   * locates rows, it does not name them: a table's other column holding it wins over its name column.
   */
  private locatingValues(item: MentionItem): ValueTarget[] {
    const targets = item.targets.filter((t): t is ValueTarget => t.kind === 'value');
    if (!/\b(in|through|across|within|inside)$/.test(item.glue ?? '')) return targets;
    const locating = targets.filter(
      (t) =>
        !(this.lex.nameColumns(t.table) ?? []).includes(t.column) ||
        !targets.some((o) => o.table === t.table && o !== t),
    );
    return locating.length ? locating : targets;
  }

  /**
   * "status shipped": the targets of the value at `k` held by the column mentioned at `j` (before it, past any "="
   * or "not"), marking the words from `j` on used; null when no free mention there names one of them.
   */
  private narrowByColumnBefore(k: number, j: number, targets: ValueTarget[]): ValueTarget[] | null {
    const hint = this.items[j];
    if (hint?.t !== 'mention' || hint.used) return null;
    const narrowed = targets.filter((t) =>
      hint.targets.some((h) => h.kind === 'column' && h.table === t.table && h.column === t.column),
    );
    if (!narrowed.length) return null;
    for (let m = j; m < k; m++) this.items[m].used = true;
    return narrowed;
  }

  /**
   * A table named before "named"/"called" narrows the value at `k` to the table's name column: "cities named
   * austin"; so does a singular table before "of": "the state of texas" (but "rivers of texas" are rivers in texas).
   * `j` is the item before the value (past any "=" or "not"). Null when no such table narrows it.
   */
  private narrowByOwner(k: number, j: number, targets: ValueTarget[]): ValueTarget[] | null {
    const it = this.items;
    const item = it[k] as MentionItem;
    const namedKw = it[j]?.t === 'kw' && (it[j] as { kw: Keyword }).kw === 'named';
    const appositive =
      it[j]?.t === 'mention' && !(it[j] as MentionItem).plural && /^(the )?of( the)?$/.test(item.glue ?? '');
    const owner = namedKw ? it[j - 1] : appositive ? it[j] : undefined;
    if (owner?.t !== 'mention' || owner.used || !owner.targets.some((t) => t.kind === 'table')) return null;
    const tables = new Set(owner.targets.filter((t) => t.kind === 'table').map((t) => t.table));
    const narrowed = targets.filter(
      (t) => tables.has(t.table) && (this.lex.nameColumns(t.table) ?? []).includes(t.column),
    );
    if (!narrowed.length) return null;
    it[j].used = true;
    owner.used = true;
    return narrowed;
  }

  /**
   * A table or column named just after the value at `k` narrows its `targets`: "the Electronics category" names a
   * category (the table word is used up); "texas cities" are cities with a state of texas (the table stays the
   * subject). Throws UnmappedQuestionError when the pair could name one row or rows with the value.
   */
  private narrowByFollowing(k: number, targets: ValueTarget[]): ValueTarget[] {
    const item = this.items[k] as MentionItem;
    const after = this.items[k + 1];
    if (after?.t !== 'mention' || after.used) return targets;
    const narrowed = targets.filter((t) =>
      after.targets.some(
        (h) =>
          (h.kind === 'table' && h.table === t.table) ||
          (h.kind === 'column' && h.table === t.table && h.column === t.column),
      ),
    );
    // "the colorado river": a singular table word after "the <value>" names the row
    const naming =
      !after.plural && /(^| )the$/.test(item.glue ?? '')
        ? narrowed.filter((t) => (this.lex.nameColumns(t.table) ?? []).includes(t.column))
        : [];
    if (naming.length) narrowed.splice(0, narrowed.length, ...naming);
    if (!narrowed.length) return targets;
    const namesRow = narrowed.every(
      (t) =>
        after.targets.some((h) => h.kind === 'column' && h.table === t.table) ||
        (this.lex.nameColumns(t.table) ?? []).includes(t.column),
    );
    if (namesRow) after.used = true;
    else if (k > 0 && narrowed.some((t) => this.mayNameRow(t.table, t.column))) {
      // "the population of new york city": a city named New York, or cities in the state of New York?
      throw new UnmappedQuestionError(
        `it could not tell whether "${item.text} ${after.text}" names one ${after.text} or ${after.text} with ${item.text}`,
      );
    }
    return narrowed;
  }

  /**
   * A stored value of a kind column used as a noun names the rows of its table that hold it: "which sales rep sold
   * the most", "how many sales reps", "by sales rep" (employees whose title is Sales Representative). Read so when
   * the value follows which/what/each/every, a count or a grouping word, and sits in one non-name column: a table
   * mention then takes the value's place (the filter is kept).
   */
  private valueAsNoun(k: number, targets: Array<Extract<LexiconTarget, { kind: 'value' }>>): void {
    const item = this.items[k] as MentionItem;
    const prev = this.items[k - 1];
    const nounSlot =
      /\b(which|what|each|every)$/.test(item.glue ?? '') ||
      (prev?.t === 'kw' && ['count', 'group'].includes(prev.kw) && !item.glue);
    const columns = new Set(targets.map((t) => `${t.table}.${t.column}`));
    // before a table word the value only modifies it ("which texas city", "how many shipped orders")
    const next = this.items[k + 1];
    if (next?.t === 'mention' && next.targets.some((t) => t.kind === 'table')) return;
    if (!nounSlot || columns.size !== 1 || (this.lex.nameColumns(targets[0].table) ?? []).includes(targets[0].column))
      return;
    this.items[k] = {
      t: 'mention',
      targets: [{ kind: 'table', table: targets[0].table }],
      text: item.text,
      plural: item.plural,
      used: false,
    };
  }

  /**
   * A quoted value for columns whose every value the schema lists (sample values are kept only when a column has
   * at most 50) must be one of them, case aside: "the state of 'California'" where states are stored as CA, NY
   * would filter out every row. Throws UnmappedQuestionError naming the stored values.
   */
  private assertListedValue(text: string, targets: PendingValue['targets']): void {
    const lists = targets.map((t) => this.lex.column(t.table, t.column).sampleValues ?? null);
    if (!lists.length || lists.some((l) => !l?.length)) return;
    const want = text.toLowerCase();
    if (lists.some((l) => (l as string[]).some((v) => v.toLowerCase() === want))) return;
    const shown = (lists[0] as string[]).slice(0, 8).join(', ');
    throw new UnmappedQuestionError(
      `"${text}" is not a stored value of ${targets[0].column} (its values include ${shown})`,
    );
  }

  /**
   * True when `value` may name a row of `table` rather than filter it: it is a value of a name column, or the table
   * has a name column whose values are neither listed nor known from value retrieval.
   */
  private mayNameRow(table: string, column: string): boolean {
    const names = this.lex.nameColumns(table) ?? [];
    return (
      names.includes(column) ||
      names.some(
        (c) => !this.lex.column(table, c).sampleValues?.length && !this.lex.column(table, c).knownValues?.length,
      )
    );
  }
}
