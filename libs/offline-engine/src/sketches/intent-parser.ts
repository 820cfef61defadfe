import type { ReadIntent } from './query-intent';
import type { MeasureSpec } from './read-state';
import { UnmappedQuestionError, type Item, type MentionItem } from '../linking/question-items';
import { dimensionColumns } from './filter-reader';
import { verbLemma } from '../words/word-lemmas';
import { buildAggregate, buildCount, buildList } from './read-sketches';
import { buildTop } from './top-sketch';
import type { ReadState } from './read-state';
import { IntentResolution } from './intent-resolution';
import { amountOfMoneyTable } from '../words/money-words';
import { humanize, normalizedWords } from '../words/word-forms';
import { AmbiguousQuestionError, qualifiedName } from '../checks/ambiguous-reading';
import { pluralWords } from './intent-words';
import { tableNoun, type LexiconTarget } from '../linking/schema-lexicon';

export { filterLabel, measureTable } from './intent-words';

/** The words joining two aggregates asked together: "and", "and the", "and also the". */
const AND_GLUE = /(^|\s)(and|as well as)( also)?( the| its| their)?$/i;

/** Superlatives of time: they rank rows by their table's date. */
const RECENCY = /^(the\s+)?(latest|earliest|most recent|newest|oldest)$/i;

/** A keyword item of the question. */
type KwItem = Extract<Item, { t: 'kw' }>;
/** A number item of the question. */
type NumItem = Extract<Item, { t: 'num' }>;
/** The function of an aggregate word. */
type AggregateFn = 'sum' | 'avg' | 'min' | 'max';

/**
 * Assembles a ReadIntent from items; one instance per question (driven by parse-question.ts). It reads the question's
 * structure (what is counted, measured, ranked, grouped and filtered) and resolves it against the schema
 * (intent-resolution.ts); the query sketches that the structure selects (count, aggregate, top, list, lookup) are
 * built in read-sketches.ts and top-sketch.ts, which read this builder's state: its members are internal to the
 * engine, not an API.
 */
export class ReadIntentBuilder extends IntentResolution implements ReadState {
  countTarget: MentionItem | null = null;
  countDistinct: MentionItem | null = null;
  agg: { fn: 'sum' | 'avg' | 'min' | 'max'; index: number } | null = null;
  direction: 'asc' | 'desc' | null = null;
  topRequested = false;
  topN: number | null = null;

  /** Unknown words after a final "of", taken as the name of the row a lookup reads ("the capital of X"). */
  bareName: string | null = null;
  bareNameUsed = false;

  build(): ReadIntent {
    this.filters.read();
    this.bareName = this.filters.bareName;
    this.readStructure();
    const leftoverKw = this.items.filter((it) => !it.used && it.t === 'kw' && !['eq', 'distinct'].includes(it.kw));
    const leftoverNum = this.items.filter((it) => !it.used && (it.t === 'num' || it.t === 'quoted'));
    if (leftoverNum.length)
      throw new UnmappedQuestionError(
        `it could not tell what ${leftoverNum.map((n) => `"${n.text}"`).join(', ')} refers to`,
      );
    if (leftoverKw.length)
      throw new UnmappedQuestionError(
        `it could not tell what ${leftoverKw.map((k) => `"${k.text}"`).join(', ')} applies to`,
      );
    const mentions = this.items.filter((it): it is MentionItem => it.t === 'mention' && !it.used);
    const intent = this.buildIntent(mentions);
    if (this.bareName !== null && !this.bareNameUsed)
      throw new UnmappedQuestionError(`"${this.bareName}" matches no table, column or stored value`);
    this.checkPlaced(intent);
    return intent;
  }

  /**
   * Refuses a reading that read a word of the question and then left it out of the intent, naming it: a condition
   * (a stored value, a name, a key or a date range) that no filter holds, or a grouping ("per status") that neither
   * groups nor ranks per group. The sketches each place what they read; this holds whatever path was taken.
   */
  checkPlaced(intent: ReadIntent): void {
    if (!this.filtersResolved) {
      const words = [
        ...this.values.map((v) => v.written ?? v.text),
        ...this.labelValues.map((l) => l.value),
        ...this.pkValues.map((p) => String(p.value)),
        ...(this.range ? [this.range.label] : []),
      ];
      if (words.length)
        throw new UnmappedQuestionError(
          `it read ${words.map((w) => `"${w}"`).join(', ')} as a condition and could not place it in the query`,
        );
    }
    const g = this.groupSpec;
    // "the average population of the us by state" over the state table: its rows are the groups already
    // (a mean per row of the table); a sum or a list per own row is not a grouping the query holds
    const ownRows = g?.kind === 'mention' && this.firstTable(g.item) === intent.subject && intent.measure?.fn === 'avg';
    if (g && !ownRows && !intent.group && !intent.perGroup && !intent.ratio) {
      const word = g.kind === 'mention' ? g.item.text : g.unit;
      throw new UnmappedQuestionError(`it could not place the grouping by "${word}" in the query`);
    }
  }

  buildIntent(mentions: MentionItem[]): ReadIntent {
    const isTop = this.topRequested || this.topN !== null || (this.direction !== null && this.agg === null);
    if (isTop && this.countTarget) throw new UnmappedQuestionError('it could not tell whether to count or to rank');
    if (this.moreAggs.length && (isTop || this.countTarget || this.countDistinct || !this.agg)) {
      const words = [
        ...this.moreAggs.map((a) => this.items[a.index].text),
        ...(this.agg ? [this.items[this.agg.index].text] : []),
      ];
      throw new UnmappedQuestionError(
        `it asks for ${words.map((w) => `"${w}"`).join(' and ')} with a count or a ranking, and writes those alone`,
      );
    }
    if (isTop) return buildTop(this, mentions);
    if (this.countTarget || this.countDistinct) return buildCount(this, mentions);
    if (this.agg || this.measure) return buildAggregate(this, mentions);
    return buildList(this, mentions);
  }

  // ---------------------------------------------------------------- pass 2: structure
  /**
   * Reads the question's structure word by word: a number before what it ranks, a "total" column mention, and each
   * free structure keyword (read by readKeyword). Fills the count, aggregate, measure, direction and grouping of this
   * builder; throws UnmappedQuestionError or AmbiguousQuestionError on a word it cannot place.
   */
  readStructure(): void {
    const it = this.items;
    for (let k = 0; k < it.length; k++) {
      const item = it[k];
      if (item.used) continue;
      if (item.t === 'num') this.readRankCount(item, it[k + 1]);
      else if (item.t === 'mention') {
        this.readTotalOf(k);
        this.readTotalPer(k);
      } else if (item.t === 'kw') this.readKeyword(k, item);
    }
  }

  /** "the 3 customers with ...", "5 most expensive products": a positive whole number before a noun or a ranking. */
  readRankCount(item: NumItem, next: Item | undefined): void {
    if (
      Number.isInteger(item.value) &&
      item.value > 0 &&
      (next?.t === 'mention' ||
        (next?.t === 'kw' && ['most', 'least', 'expensive', 'cheap', 'bestUnits', 'max', 'min'].includes(next.kw)))
    ) {
      this.topN = item.value;
      item.used = true;
    }
  }

  /** Reads the free structure keyword at index `k` by its kind; keywords of no structure are left as they are. */
  readKeyword(k: number, item: KwItem): void {
    const next = this.nextFree(k);
    switch (item.kw) {
      case 'top':
      case 'bottom':
        return this.readTopWord(k, item);
      case 'count':
        return this.readCountWord(k, item, next);
      case 'sum':
      case 'avg':
      case 'min':
      case 'max':
        return this.readAggregateWord(k, item, item.kw);
      case 'most':
      case 'least':
        item.used = true;
        this.direction = item.kw === 'most' ? 'desc' : 'asc';
        this.readMeasureAfter(k);
        return;
      case 'expensive':
      case 'cheap':
        return this.readPriceAdjective(item);
      case 'bestUnits':
        item.used = true;
        this.direction = 'desc';
        this.measure = { kind: 'units' };
        return;
      case 'money':
      case 'units':
        return this.readAmountWord(k, item);
      case 'group':
        return this.readGroupWord(k, item, next);
      case 'year':
      case 'month':
      case 'day':
        return this.readPeriodWord(item);
      case 'distinct':
        return this.readDistinctWord(item, next);
      default:
        return;
    }
  }

  /** "top", "bottom": a ranking, descending or ascending, with the whole number right after it as its size. */
  readTopWord(k: number, item: KwItem): void {
    item.used = true;
    this.topRequested = true;
    this.direction = item.kw === 'top' ? 'desc' : 'asc';
    const n = this.items[k + 1];
    if (n?.t === 'num' && !n.used && Number.isInteger(n.value) && n.value > 0) {
      this.topN = n.value;
      n.used = true;
    }
  }

  /**
   * A count word at index `k` ("how many", "number of"): counts the table named after it, or the distinct values of
   * a column; a number column after it is read, not counted. Throws UnmappedQuestionError when nothing follows that
   * can be counted.
   */
  readCountWord(k: number, item: KwItem, next: Item | undefined): void {
    item.used = true;
    const prev = this.items[k - 1];
    if (prev?.t === 'kw' && prev.kw === 'group' && prev.used) return; // handled as "by number of X"
    if (next?.t === 'kw' && next.kw === 'distinct') {
      next.used = true;
    }
    // "count the number of line items": one count said twice
    if (next?.t === 'kw' && next.kw === 'count' && !next.used) next.used = true;
    const target = this.nextFree(k);
    if (target?.t === 'mention' && target.targets.some((t) => t.kind === 'table')) {
      target.used = true;
      this.countTarget = target;
    } else if (
      target?.t === 'mention' &&
      target.targets.every((t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number')
    ) {
      // "how many people live in texas" (people -> population): the quantity is stored; read it, do not count it
    } else if (target?.t === 'mention' && target.targets.some((t) => t.kind === 'column')) {
      target.used = true;
      this.countDistinct = target;
    } else {
      const named = this.namedRowsAfter(k);
      if (!named) throw new UnmappedQuestionError(`it could not tell what to count after "${item.text}"`);
      this.countTarget = named;
    }
  }

  /**
   * An aggregate or superlative word at index `k` ("total", "average", "highest", "minimum") with function `fn`:
   * reads the measure after it and sets the aggregate, a further aggregate of the same statement, or the direction
   * of a ranking. Throws UnmappedQuestionError when it applies to nothing or a second, different aggregate is asked.
   */
  readAggregateWord(k: number, item: KwItem, fn: AggregateFn): void {
    item.used = true;
    if (this.sharesNextMeasure(k, fn)) {
      this.moreAggs.push({ fn, spec: null, index: k });
      return;
    }
    const before = { agg: this.agg, measure: this.measure };
    const measured = this.readMeasureAfter(k, false);
    if (fn === 'sum' && !measured) return this.readTotalAlone(k, item);
    if (fn === 'sum' && this.agg) return;
    if (!measured && !this.measure && fn !== 'sum' && fn !== 'avg' && this.readSuperlativeColumn(k, item, fn)) return;
    this.placeAggregate(k, item, fn, measured, before);
    if (!measured && !this.measure) throw new UnmappedQuestionError(`it could not tell what "${item.text}" applies to`);
  }

  /**
   * "the maximum and minimum price": true when the aggregate word at index `k` is glued by "and" to a different
   * aggregate word right after it, before any aggregate or ranking; both share the measure named after the second.
   */
  sharesNextMeasure(k: number, fn: AggregateFn): boolean {
    const following = this.nextFree(k);
    return (
      following?.t === 'kw' &&
      ['sum', 'avg', 'min', 'max'].includes(following.kw) &&
      following.kw !== fn &&
      AND_GLUE.test(following.glue ?? '') &&
      !this.agg &&
      !this.direction
    );
  }

  /**
   * "total" with no measure after it: the column named total ("average order total", "highest total"), or nothing
   * more after another aggregate or a ranking. Throws UnmappedQuestionError otherwise.
   */
  readTotalAlone(k: number, item: KwItem): void {
    if (item.alt) {
      this.totalOfRows(k, item.alt);
      this.measure = { kind: 'column', targets: item.alt };
      return;
    }
    if (this.agg || this.direction) return;
    throw new UnmappedQuestionError(`it could not tell what "${item.text}" adds up`);
  }

  /**
   * A superlative with no measure after it: "the longest river", "which state is the largest" rank by the entity's
   * one column of that dimension; "the 5 latest orders" by the date of the table named after the word. True when
   * one was read (measure and direction set).
   */
  readSuperlativeColumn(k: number, item: KwItem, fn: AggregateFn): boolean {
    const dims = dimensionColumns(this.items, this.lex, item.text);
    if (dims.length) {
      this.measure = { kind: 'column', targets: dims };
      this.direction = fn === 'max' ? 'desc' : 'asc';
      return true;
    }
    const dated = RECENCY.test(item.text) ? this.recencyColumn(k) : null;
    if (!dated) return false;
    this.measure = {
      kind: 'column',
      targets: [{ kind: 'column', table: dated.table, column: dated.column, exact: true }],
    };
    this.direction = fn === 'max' ? 'desc' : 'asc';
    return true;
  }

  /**
   * Sets the aggregate `fn` read at index `k`, or the direction of a ranking for a superlative said after the entity
   * it ranks ("the state with the largest area"). `before` is the aggregate and measure held before this word's
   * measure was read. Throws UnmappedQuestionError for a second, different aggregate without its own measure.
   */
  placeAggregate(
    k: number,
    item: KwItem,
    fn: AggregateFn,
    measured: boolean,
    before: Pick<ReadIntentBuilder, 'agg' | 'measure'>,
  ): void {
    const superlative =
      /^(highest|largest|biggest|greatest|lowest|smallest|latest|earliest|longest|shortest|tallest)$/.test(
        item.text.toLowerCase(),
      );
    const entityBefore = this.items.slice(0, k).some((p) => p.t === 'mention' && !p.used);
    if (superlative && entityBefore) {
      this.direction = fn === 'max' ? 'desc' : 'asc';
      return;
    }
    // a second aggregate naming its own measure ("the maximum capacity and the average capacity") is a
    // second value of the one statement; without one ("the maximum capacity and the average") it is
    // refused rather than guessed
    if (this.agg && measured && before.agg && before.measure && AND_GLUE.test(item.glue ?? ''))
      this.moreAggs.push({ fn: before.agg.fn, spec: before.measure, index: before.agg.index });
    else if (this.agg && this.agg.fn !== fn)
      throw new UnmappedQuestionError(
        `it asks for two aggregates ("${this.items[this.agg.index].text}" and "${item.text}") and writes one per question`,
      );
    this.agg = { fn, index: k };
  }

  /**
   * "expensive", "cheap": ranks by the price attribute, most expensive first. Throws UnmappedQuestionError beside an
   * aggregate, since which rows are expensive is not said.
   */
  readPriceAdjective(item: KwItem): void {
    item.used = true;
    // "the average price of expensive products": which rows are expensive is not said (a ranking is not a
    // condition an aggregate can keep), so the aggregate is never dropped for a ranking: refused
    if (this.agg)
      throw new UnmappedQuestionError(
        `it could not tell what is expensive or cheap ("${item.text}") for the ${this.items[this.agg.index].text}`,
      );
    this.direction = item.kw === 'expensive' ? 'desc' : 'asc';
    this.measure = { kind: 'attribute', adjective: item.kw };
  }

  /**
   * A word of money ("revenue", "sales") or of units ("sold") at index `k`: the measure, unless a column was named
   * already; "quantity sold" after a column reads the units of the sales rows.
   */
  readAmountWord(k: number, item: KwItem): void {
    const it = this.items;
    item.used = true;
    // "… the track that was purchased": a verb closing a relative clause, with nothing counted or ranked
    if (
      item.kw === 'units' &&
      k === it.length - 1 &&
      !it.some((x) => x.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max', 'top', 'bottom', 'money'].includes(x.kw))
    )
      return;
    // "top products by quantity sold": the quantity sold is the units of the sales rows, never a stored
    // quantity of the row (its stock): the word after the column changes what it counts
    if (item.kw === 'units' && this.measureItem && this.measureItem === it[k - 1] && this.measure?.kind === 'column') {
      this.measure = { kind: 'units' };
      return;
    }
    this.measure =
      this.measure && this.measure.kind !== 'money' && this.measure.kind !== 'units'
        ? this.measure
        : { kind: item.kw as 'money' | 'units' };
  }

  /**
   * A grouping word at index `k` ("by", "per", "each", "for each") and the free item after it: a grouping, a ranking
   * measure ("top 5 products by price"), or no grouping at all (a passive agent, a stored value, the counted rows
   * themselves). Throws UnmappedQuestionError or AmbiguousQuestionError when what it groups by is unclear.
   */
  readGroupWord(k: number, item: KwItem, after: Item | undefined): void {
    item.used = true;
    let next = after;
    if (this.isPassiveAgent(k, item, next)) return;
    // "show each invoice line": every row, not a grouping, when nothing is counted or added up
    if (/^(each|every)$/i.test(item.text) && !this.aggregatesBefore(k)) return;
    // "by each employee", "for each per ...": one grouping said twice
    if (next?.t === 'kw' && next.kw === 'group') {
      next.used = true;
      next = this.nextFree(this.items.indexOf(next));
    }
    if (!next) throw new UnmappedQuestionError(`it could not tell what "${item.text}" groups by`);
    // "payments made by PayPal": a stored value after "by" is a condition, never a grouping
    if (next.t === 'mention' && next.targets.length && next.targets.every((t) => t.kind === 'value')) return;
    // "how many payments by PayPal": the value read as its table's rows (filter-reader valueAsNoun) names the
    // very rows counted before "by"; rows are never grouped by themselves, the value stays a condition
    const grouped = next.t === 'mention' ? this.firstTable(next) : null;
    if (grouped && this.items.slice(0, k).some((p) => p.t === 'mention' && this.firstTable(p) === grouped)) {
      const text = next.text;
      if (!this.values.some((v) => v.text === text))
        throw new UnmappedQuestionError(`it could not tell what "${item.text} ${next.text}" groups by`);
      next.used = true;
      return;
    }
    if (
      /^by$/i.test(item.text) &&
      next.t === 'mention' &&
      next.targets.some((t) => t.kind === 'value') &&
      next.targets.some((t) => t.kind === 'column') &&
      !grouped
    )
      this.askGroupOrValue(item, next);
    this.readGroupTarget(item, next);
  }

  /**
   * "courses taken by students": true when "by" after a past participle names an agent, not a grouping (unlike
   * "placed by each employee"), and a grouping word follows later. Throws UnmappedQuestionError when no grouping
   * word follows, since "by" could then name the agent or the grouping.
   */
  isPassiveAgent(k: number, item: KwItem, next: Item | undefined): boolean {
    if (!/^by$/i.test(item.text) || !this.afterParticiple(item) || (next?.t === 'kw' && next.kw === 'group'))
      return false;
    // with an explicit grouping later ("received by publications in each year") "by" names the agent only
    if (this.items.slice(k + 1).some((x) => x.t === 'kw' && x.kw === 'group')) return true;
    throw new UnmappedQuestionError(`it could not tell whether "${item.text}" names who did something or how to group`);
  }

  /** True when a word before index `k` counts, adds up or measures something. */
  aggregatesBefore(k: number): boolean {
    return this.items
      .slice(0, k)
      .some((x) => x.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max', 'money', 'units', 'share'].includes(x.kw));
  }

  /**
   * What the grouping word `item` groups or ranks by, read from the free item `next` after it: a mention (a number
   * column after a bare "by" ranks), a period, a stored number ("for each number of cylinders"), a count of rows
   * ("by number of orders") or an aggregate ("by total sales"). Throws UnmappedQuestionError for anything else.
   */
  readGroupTarget(item: KwItem, next: Item): void {
    if (next.t === 'mention') return this.readGroupMention(item, next);
    if (next.t === 'kw' && (next.kw === 'year' || next.kw === 'month' || next.kw === 'day')) {
      next.used = true;
      this.groupSpec = { kind: 'period', unit: next.kw };
    } else if (next.t === 'kw' && next.kw === 'count' && this.storedNumberAfter(next)) {
      // "for each number of cylinders": a column that stores the number is grouped by, not counted
      next.used = true;
      const target = this.storedNumberAfter(next) as MentionItem;
      target.used = true;
      this.groupSpec = { kind: 'mention', item: target };
    } else if (next.t === 'kw' && next.kw === 'count') {
      next.used = true;
      const target = this.nextFree(this.items.indexOf(next));
      if (target?.t !== 'mention' || !target.targets.some((t) => t.kind === 'table'))
        throw new UnmappedQuestionError(`it could not tell what to count after "${next.text}"`);
      target.used = true;
      this.measure = {
        kind: 'rows',
        table: (target.targets.find((t) => t.kind === 'table') as { table: string }).table,
      };
      this.topRequested = true;
      this.direction ??= 'desc';
    } else if (next.t === 'kw' && ['sum', 'avg', 'min', 'max', 'money', 'units'].includes(next.kw)) {
      // "by total sales": ranking measure
      this.topRequested = true;
      this.direction ??= 'desc';
    } else {
      throw new UnmappedQuestionError(`it could not tell what "${item.text} ${next.text}" groups by`);
    }
  }

  /**
   * A mention after a grouping word: only a bare "by" before number columns ranks ("top 5 products by price"), a
   * ranking measure; "in each year", "per year" and any other mention group.
   */
  readGroupMention(item: KwItem, next: MentionItem): void {
    const numeric = next.targets.filter(
      (t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number',
    );
    next.used = true;
    if (numeric.length && numeric.length === next.targets.length && /^by$/i.test(item.text)) {
      this.measure = { kind: 'column', targets: numeric };
      this.measureItem = next;
      this.topRequested = true;
      this.direction ??= 'desc';
    } else {
      this.groupSpec = { kind: 'mention', item: next };
    }
  }

  /** "monthly sales", "sales per year" without "by": a grouping by the period. Throws on a second grouping. */
  readPeriodWord(item: KwItem): void {
    item.used = true;
    if (this.groupSpec) throw new UnmappedQuestionError('it names two groupings');
    this.groupSpec = { kind: 'period', unit: item.kw as 'year' | 'month' | 'day' };
  }

  /** "distinct", "different": the distinct values of the column named after it, listed, unless rows are counted. */
  readDistinctWord(item: KwItem, next: Item | undefined): void {
    item.used = true;
    let target = next;
    if (target?.t === 'kw' && target.kw === 'distinct') {
      target.used = true;
      target = this.nextFree(this.items.indexOf(target));
    }
    if (target?.t === 'mention' && target.targets.some((t) => t.kind === 'column') && !this.countTarget) {
      target.used = true;
      this.countDistinct = target;
      this.listDistinct = true;
    }
  }

  /**
   * "how many orders by phone": a word after "by" that names both a column ("customers.phone") and a stored
   * value ("phone" of orders.channel), and no table (a table the word names is grouped by), groups by the column or
   * keeps the value's rows; asked back, never guessed.
   */
  askGroupOrValue(group: Item, next: MentionItem): never {
    const phrase = `${group.text} ${next.text}`;
    const readings = next.targets.flatMap((t) => {
      if (t.kind === 'value')
        return [
          {
            label: `${pluralWords(tableNoun(this.lex.table(t.table)))} whose ${humanize(t.column)} is '${t.value}'`,
            phrase,
            replacement: `with ${qualifiedName(this.lex, t.table, t.column)} '${t.value}'`,
          },
        ];
      return t.kind === 'column'
        ? [
            {
              label: `per ${humanize(t.column)} of the ${tableNoun(this.lex.table(t.table))}`,
              phrase,
              replacement: `${group.text} ${qualifiedName(this.lex, t.table, t.column)}`,
            },
          ]
        : [];
    });
    throw new AmbiguousQuestionError(
      `"${phrase}" could group by a column or keep the rows with a stored value`,
      readings,
    );
  }

  listDistinct = false;
  /**
   * Aggregates asked beside the last one ("the maximum and minimum price", "the maximum capacity and the average
   * capacity"): their function and measure (null: the last one's); written as more values of one statement.
   */
  moreAggs: Array<{ fn: 'sum' | 'avg' | 'min' | 'max'; spec: MeasureSpec | null; index: number }> = [];

  /**
   * "how many <name> are there": the rows a stored name right after the count word names ("how many buttercup
   * kitchen are there" counts restaurants named so), as a table mention; null unless that value sits in the name
   * column of one table.
   */
  namedRowsAfter(k: number): MentionItem | null {
    const item = this.items[k + 1];
    if (item?.t !== 'mention' || !item.used || !item.targets.every((t) => t.kind === 'value')) return null;
    const read = this.values.find((v) => v.text === item.text);
    const tables = new Set((read?.targets ?? []).map((t) => t.table));
    if (!read || tables.size !== 1) return null;
    const [table] = [...tables];
    if (!read.targets.every((t) => (this.lex.nameColumns(table) ?? []).includes(t.column))) return null;
    return { t: 'mention', targets: [{ kind: 'table', table }], text: item.text, plural: true, used: true };
  }

  /**
   * The mention after a count word ("number of cylinders") that names only numeric columns, no table: the number is
   * stored, so it is read, not counted; null otherwise.
   */
  storedNumberAfter(count: Item): MentionItem | null {
    const target = this.nextFree(this.items.indexOf(count));
    if (target?.t !== 'mention' || !target.targets.length) return null;
    return target.targets.every((t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number')
      ? target
      : null;
  }

  /** True when the word right before keyword `item` in the question is a past participle ("taken by"). */
  afterParticiple(item: Item): boolean {
    const before = item.t === 'kw' ? item.before : undefined;
    return !!before && /(ed|en|wn|ght)$/.test(before) && verbLemma(before) !== null;
  }

  /**
   * Reads the measure named after the aggregate or superlative keyword at index `k`: an amount word, the column named
   * total, a count of rows, or a mention; `allowRows` lets a table's rows be the measure (a ranking by their number).
   * True when one was found; throws UnmappedQuestionError for a count of nothing or an aggregate of an adjective.
   */
  readMeasureAfter(k: number, allowRows = true): boolean {
    const next = this.nextFree(k);
    if (!next) return false;
    if (next.t === 'kw' && ['money', 'units', 'expensive', 'cheap', 'bestUnits'].includes(next.kw))
      return this.readAmountMeasure(k, next, allowRows);
    if (next.t === 'kw' && next.kw === 'sum' && next.alt) {
      // "average total", "highest total" -> the column named total
      const nn = this.nextFree(this.items.indexOf(next));
      if (!(nn?.t === 'kw' && ['money', 'units'].includes(nn.kw))) {
        next.used = true;
        this.measure = { kind: 'column', targets: next.alt };
        return true;
      }
      return false;
    }
    if (next.t === 'kw' && next.kw === 'count') {
      next.used = true;
      const target = this.nextFree(this.items.indexOf(next));
      if (target?.t === 'mention' && target.targets.some((t) => t.kind === 'table')) {
        target.used = true;
        this.measure = {
          kind: 'rows',
          table: (target.targets.find((t) => t.kind === 'table') as { table: string }).table,
        };
        return true;
      }
      throw new UnmappedQuestionError(`it could not tell what to count after "${next.text}"`);
    }
    return next.t === 'mention' && this.readMentionMeasure(next, allowRows);
  }

  /**
   * A word of money, units or price (`next`) after the keyword at index `k`: the measure (and, for "expensive" or
   * "cheap", the direction). Throws UnmappedQuestionError for "expensive" or "cheap" after an aggregate
   * (`allowRows` false): rows an adjective judges, by no threshold.
   */
  readAmountMeasure(k: number, next: KwItem, allowRows: boolean): boolean {
    // "average expensive products": an aggregate of rows an adjective judges, by no threshold: refused
    if (!allowRows && (next.kw === 'expensive' || next.kw === 'cheap'))
      throw new UnmappedQuestionError(
        `it could not tell what is expensive or cheap ("${next.text}") for the ${this.items[k].text}`,
      );
    next.used = true;
    this.measure =
      next.kw === 'money'
        ? { kind: 'money' }
        : next.kw === 'units' || next.kw === 'bestUnits'
          ? { kind: 'units' }
          : { kind: 'attribute', adjective: next.kw as 'expensive' | 'cheap' };
    if (next.kw === 'expensive' || next.kw === 'cheap') this.direction = next.kw === 'expensive' ? 'desc' : 'asc';
    return true;
  }

  /**
   * A mention after an aggregate or superlative keyword: its number or date columns, a table whose rows are amounts
   * of money (by its money column, after an aggregate), the table's rows (`allowRows`), or a table narrowing the
   * measure said after it. True when one was read.
   */
  readMentionMeasure(next: MentionItem, allowRows: boolean): boolean {
    const numeric = next.targets.filter(
      (t) => t.kind === 'column' && ['number', 'date'].includes(this.lex.columnKind(t.table, t.column)),
    );
    if (numeric.length) {
      next.used = true;
      this.measure = { kind: 'column', targets: numeric };
      this.measureItem = next;
      return true;
    }
    const table = next.targets.find((t) => t.kind === 'table');
    // "total payments", "average invoice": rows that are amounts of money are added up by their one money column
    const amount = table && !allowRows ? amountOfMoneyTable(this.lex, table.table) : null;
    if (table && amount) {
      next.used = true;
      this.measure = {
        kind: 'column',
        targets: [{ kind: 'column', table: table.table, column: amount, exact: true }],
      };
      return true;
    }
    if (table && allowRows) {
      next.used = true;
      this.measure = { kind: 'rows', table: table.table };
      return true;
    }
    return !!table && this.readTableNarrowedMeasure(next, table.table);
  }

  /**
   * "average order amount", "total order revenue": the table mention `next` narrows the measure that follows it, a
   * number column of `table` or a money word (kept as the measure's table hint). True when one was read.
   */
  readTableNarrowedMeasure(next: MentionItem, table: string): boolean {
    const after = this.nextFree(this.items.indexOf(next));
    if (after?.t === 'mention') {
      const cols = after.targets.filter(
        (t) => t.kind === 'column' && t.table === table && this.lex.columnKind(t.table, t.column) === 'number',
      );
      if (cols.length) {
        next.used = true;
        after.used = true;
        this.measure = { kind: 'column', targets: cols };
        return true;
      }
    }
    if (after?.t === 'kw' && after.kw === 'money') {
      next.used = true;
      after.used = true;
      this.measure = { kind: 'money' };
      this.measureTableHint = table;
      return true;
    }
    return false;
  }

  measureTableHint: string | null = null;
  /** The mention the measure was read from, when a column named it. */
  measureItem: Item | null = null;

  /**
   * "total orders per customer": "total" before a table's rows counts them or adds up the table's column named total
   * (`total_amount`); both are readings to ask about, never one taken in silence.
   */
  totalOfRows(k: number, alt: LexiconTarget[]): void {
    const rows = this.nextFree(k);
    const table = rows?.t === 'mention' && rows.plural ? this.firstTable(rows) : null;
    const own = alt.find((t) => t.kind === 'column' && t.table === table);
    if (!table || !own || own.kind !== 'column' || this.agg || this.direction) return;
    // "the total of orders": the column, added up over the rows
    if (/(^|\s)of( the| all)*$/.test((rows as MentionItem).glue ?? '')) {
      this.agg = { fn: 'sum', index: k };
      return;
    }
    const phrase = `${this.items[k].text} ${(rows as MentionItem).text}`;
    const noun = pluralWords(tableNoun(this.lex.table(table)));
    throw new AmbiguousQuestionError(
      `"${phrase}" could count the ${noun} or add up their ${humanize(own.column)}`,
      [
        { label: `the number of ${noun}`, phrase, replacement: `number of ${(rows as MentionItem).text}` },
        {
          label: `the sum of their ${humanize(own.column)}`,
          phrase,
          replacement: `sum of ${qualifiedName(this.lex, table, own.column)}`,
        },
      ],
      `Do you mean the number of ${noun} or the sum of their ${humanize(own.column)}?`,
    );
  }

  /**
   * "the total amount of orders": a column named "total <x>" followed by "of" and its own table in the plural is
   * the sum of that column over the rows, not a list of it.
   */
  /**
   * "total amount per status", "total amount by channel": a column named "total <x>" said with its "total", before a
   * grouping word and a word that is no number column (which "by" would rank by), is the sum of that column per
   * group, never a list of it with the grouping dropped.
   */
  readTotalPer(k: number): void {
    const item = this.items[k] as MentionItem;
    const group = this.items[k + 1];
    const after = this.items[k + 2];
    if (item.used || this.agg || !/^total\s/i.test(item.text) || group?.t !== 'kw' || group.kw !== 'group') return;
    if (
      after?.t !== 'mention' ||
      after.targets.every((t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number')
    )
      return;
    const cols = item.targets.filter(
      (t) =>
        t.kind === 'column' &&
        this.lex.columnKind(t.table, t.column) === 'number' &&
        normalizedWords(t.column)[0] === 'total',
    );
    if (!cols.length) return;
    item.used = true;
    this.agg = { fn: 'sum', index: k };
    this.measure = { kind: 'column', targets: cols };
    this.measureItem = item;
  }

  readTotalOf(k: number): void {
    const item = this.items[k] as MentionItem;
    const owner = this.items[k + 1];
    if (
      item.used ||
      this.agg ||
      !/^total\s/i.test(item.text) ||
      owner?.t !== 'mention' ||
      owner.used ||
      !owner.plural ||
      !/(^|\s)of( the)?$/.test(owner.glue ?? '')
    )
      return;
    const table = this.firstTable(owner);
    const cols = item.targets.filter(
      (t) =>
        t.kind === 'column' &&
        t.table === table &&
        this.lex.columnKind(t.table, t.column) === 'number' &&
        normalizedWords(t.column)[0] === 'total',
    );
    if (!table || !cols.length) return;
    item.used = true;
    this.agg = { fn: 'sum', index: k };
    this.measure = { kind: 'column', targets: cols };
    this.measureItem = item;
  }
}
