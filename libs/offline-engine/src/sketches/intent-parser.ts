import type { ReadIntent } from './query-intent';
import type { MeasureSpec } from './read-state';
import { UnmappedQuestionError, type Item, type MentionItem } from '../linking/question-items';
import { dimensionColumns } from './filter-reader';
import { verbLemma } from '../words/word-lemmas';
import { buildAggregate, buildCount, buildList, buildTop } from './read-sketches';
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

/**
 * Assembles a ReadIntent from items; one instance per question (driven by parse-question.ts). It reads the question's
 * structure (what is counted, measured, ranked, grouped and filtered) and resolves it against the schema
 * (intent-resolution.ts); the query sketches that the structure selects (count, aggregate, top, list, lookup) are
 * built in read-sketches.ts, which reads this builder's state: its members are internal to the engine, not an API.
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
  readStructure(): void {
    const it = this.items;
    for (let k = 0; k < it.length; k++) {
      const item = it[k];
      if (item.used) continue;
      if (item.t === 'num') {
        // "the 3 customers with ...", "5 most expensive products"
        const next = it[k + 1];
        if (
          Number.isInteger(item.value) &&
          item.value > 0 &&
          (next?.t === 'mention' ||
            (next?.t === 'kw' && ['most', 'least', 'expensive', 'cheap', 'bestUnits', 'max', 'min'].includes(next.kw)))
        ) {
          this.topN = item.value;
          item.used = true;
        }
        continue;
      }
      if (item.t === 'mention') {
        this.readTotalOf(k);
        this.readTotalPer(k);
        continue;
      }
      if (item.t !== 'kw') continue;
      let next = this.nextFree(k);
      switch (item.kw) {
        case 'top':
        case 'bottom': {
          item.used = true;
          this.topRequested = true;
          this.direction = item.kw === 'top' ? 'desc' : 'asc';
          const n = it[k + 1];
          if (n?.t === 'num' && !n.used && Number.isInteger(n.value) && n.value > 0) {
            this.topN = n.value;
            n.used = true;
          }
          break;
        }
        case 'count': {
          item.used = true;
          const prev = it[k - 1];
          if (prev?.t === 'kw' && prev.kw === 'group' && prev.used) break; // handled as "by number of X"
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
          break;
        }
        case 'sum':
        case 'avg':
        case 'min':
        case 'max': {
          item.used = true;
          // "the maximum and minimum price": an aggregate word right before another shares the measure named after it
          const following = this.nextFree(k);
          if (
            following?.t === 'kw' &&
            ['sum', 'avg', 'min', 'max'].includes(following.kw) &&
            following.kw !== item.kw &&
            AND_GLUE.test(following.glue ?? '') &&
            !this.agg &&
            !this.direction
          ) {
            this.moreAggs.push({ fn: item.kw, spec: null, index: k });
            break;
          }
          const before = { agg: this.agg, measure: this.measure };
          const measured = this.readMeasureAfter(k, false);
          if (item.kw === 'sum' && !measured) {
            // "total" as a column: "average order total", "highest total"
            if (item.alt) {
              this.totalOfRows(k, item.alt);
              this.measure = { kind: 'column', targets: item.alt };
              break;
            }
            if (this.agg || this.direction) break;
            throw new UnmappedQuestionError(`it could not tell what "${item.text}" adds up`);
          }
          if (item.kw === 'sum' && this.agg) break;
          if (!measured && !this.measure && item.kw !== 'sum' && item.kw !== 'avg') {
            // "the longest river", "which state is the largest": the entity's one column of that dimension
            const dims = dimensionColumns(this.items, this.lex, item.text);
            if (dims.length) {
              this.measure = { kind: 'column', targets: dims };
              this.direction = item.kw === 'max' ? 'desc' : 'asc';
              break;
            }
            // "the 5 latest orders", "the most recent order": by the date of the table named after the word
            const dated = RECENCY.test(item.text) ? this.recencyColumn(k) : null;
            if (dated) {
              this.measure = {
                kind: 'column',
                targets: [{ kind: 'column', table: dated.table, column: dated.column, exact: true }],
              };
              this.direction = item.kw === 'max' ? 'desc' : 'asc';
              break;
            }
          }
          const superlative =
            /^(highest|largest|biggest|greatest|lowest|smallest|latest|earliest|longest|shortest|tallest)$/.test(
              item.text.toLowerCase(),
            );
          const entityBefore = it.slice(0, k).some((p) => p.t === 'mention' && !p.used);
          if (superlative && entityBefore) {
            this.direction = item.kw === 'max' ? 'desc' : 'asc';
          } else {
            // a second aggregate naming its own measure ("the maximum capacity and the average capacity") is a
            // second value of the one statement; without one ("the maximum capacity and the average") it is
            // refused rather than guessed
            if (this.agg && measured && before.agg && before.measure && AND_GLUE.test(item.glue ?? ''))
              this.moreAggs.push({ fn: before.agg.fn, spec: before.measure, index: before.agg.index });
            else if (this.agg && this.agg.fn !== item.kw)
              throw new UnmappedQuestionError(
                `it asks for two aggregates ("${this.items[this.agg.index].text}" and "${item.text}") and writes one per question`,
              );
            this.agg = { fn: item.kw, index: k };
          }
          if (!measured && !this.measure)
            throw new UnmappedQuestionError(`it could not tell what "${item.text}" applies to`);
          break;
        }
        case 'most':
        case 'least': {
          item.used = true;
          this.direction = item.kw === 'most' ? 'desc' : 'asc';
          this.readMeasureAfter(k);
          break;
        }
        case 'expensive':
        case 'cheap':
          item.used = true;
          // "the average price of expensive products": which rows are expensive is not said (a ranking is not a
          // condition an aggregate can keep), so the aggregate is never dropped for a ranking: refused
          if (this.agg)
            throw new UnmappedQuestionError(
              `it could not tell what is expensive or cheap ("${item.text}") for the ${this.items[this.agg.index].text}`,
            );
          this.direction = item.kw === 'expensive' ? 'desc' : 'asc';
          this.measure = { kind: 'attribute', adjective: item.kw };
          break;
        case 'bestUnits':
          item.used = true;
          this.direction = 'desc';
          this.measure = { kind: 'units' };
          break;
        case 'money':
        case 'units':
          item.used = true;
          // "… the track that was purchased": a verb closing a relative clause, with nothing counted or ranked
          if (
            item.kw === 'units' &&
            k === it.length - 1 &&
            !it.some(
              (x) => x.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max', 'top', 'bottom', 'money'].includes(x.kw),
            )
          )
            break;
          // "top products by quantity sold": the quantity sold is the units of the sales rows, never a stored
          // quantity of the row (its stock): the word after the column changes what it counts
          if (
            item.kw === 'units' &&
            this.measureItem &&
            this.measureItem === it[k - 1] &&
            this.measure?.kind === 'column'
          ) {
            this.measure = { kind: 'units' };
            break;
          }
          this.measure =
            this.measure && this.measure.kind !== 'money' && this.measure.kind !== 'units'
              ? this.measure
              : { kind: item.kw };
          break;
        case 'group': {
          item.used = true;
          // "courses taken by students": a passive agent, not a grouping (unlike "placed by each employee")
          if (/^by$/i.test(item.text) && this.afterParticiple(item) && !(next?.t === 'kw' && next.kw === 'group')) {
            // with an explicit grouping later ("received by publications in each year") "by" names the agent only
            if (this.items.slice(k + 1).some((x) => x.t === 'kw' && x.kw === 'group')) break;
            throw new UnmappedQuestionError(
              `it could not tell whether "${item.text}" names who did something or how to group`,
            );
          }
          // "show each invoice line": every row, not a grouping, when nothing is counted or added up
          if (
            /^(each|every)$/i.test(item.text) &&
            !this.items
              .slice(0, k)
              .some(
                (x) => x.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max', 'money', 'units', 'share'].includes(x.kw),
              )
          )
            break;
          // "by each employee", "for each per ...": one grouping said twice
          if (next?.t === 'kw' && next.kw === 'group') {
            next.used = true;
            next = this.nextFree(this.items.indexOf(next));
          }
          if (!next) throw new UnmappedQuestionError(`it could not tell what "${item.text}" groups by`);
          // "payments made by PayPal": a stored value after "by" is a condition, never a grouping
          if (next.t === 'mention' && next.targets.length && next.targets.every((t) => t.kind === 'value')) break;
          // "how many payments by PayPal": the value read as its table's rows (filter-reader valueAsNoun) names the
          // very rows counted before "by"; rows are never grouped by themselves, the value stays a condition
          const grouped = next.t === 'mention' ? this.firstTable(next) : null;
          if (grouped && it.slice(0, k).some((p) => p.t === 'mention' && this.firstTable(p) === grouped)) {
            if (!this.values.some((v) => v.text === next?.text))
              throw new UnmappedQuestionError(`it could not tell what "${item.text} ${next.text}" groups by`);
            next.used = true;
            break;
          }
          if (
            /^by$/i.test(item.text) &&
            next.t === 'mention' &&
            next.targets.some((t) => t.kind === 'value') &&
            next.targets.some((t) => t.kind === 'column') &&
            !grouped
          )
            this.askGroupOrValue(item, next);
          if (next.t === 'mention') {
            const numeric = next.targets.filter(
              (t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number',
            );
            // only a bare "by" may rank ("top 5 products by price"); "in each year", "per year" group
            if (numeric.length && numeric.length === next.targets.length && /^by$/i.test(item.text)) {
              // "top 5 products by price": a ranking measure, not a group
              next.used = true;
              this.measure = { kind: 'column', targets: numeric };
              this.measureItem = next;
              this.topRequested = true;
              this.direction ??= 'desc';
            } else {
              next.used = true;
              this.groupSpec = { kind: 'mention', item: next };
            }
          } else if (next.t === 'kw' && (next.kw === 'year' || next.kw === 'month' || next.kw === 'day')) {
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
          break;
        }
        case 'year':
        case 'month':
        case 'day': {
          // "monthly sales", "sales per year" without "by"
          item.used = true;
          if (this.groupSpec) throw new UnmappedQuestionError('it names two groupings');
          this.groupSpec = { kind: 'period', unit: item.kw };
          break;
        }
        case 'distinct': {
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
          break;
        }
        default:
          break;
      }
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

  /** Read the measure named after an aggregate or superlative keyword; true when one was found. */
  readMeasureAfter(k: number, allowRows = true): boolean {
    const next = this.nextFree(k);
    if (!next) return false;
    if (next.t === 'kw' && ['money', 'units', 'expensive', 'cheap', 'bestUnits'].includes(next.kw)) {
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
            : { kind: 'attribute', adjective: next.kw };
      if (next.kw === 'expensive' || next.kw === 'cheap') this.direction = next.kw === 'expensive' ? 'desc' : 'asc';
      return true;
    }
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
    if (next.t === 'mention') {
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
      if (table) {
        // "average order amount", "total order revenue": the table narrows the measure that follows
        const after = this.nextFree(this.items.indexOf(next));
        if (after?.t === 'mention') {
          const cols = after.targets.filter(
            (t) =>
              t.kind === 'column' && t.table === table.table && this.lex.columnKind(t.table, t.column) === 'number',
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
          this.measureTableHint = table.table;
          return true;
        }
      }
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
