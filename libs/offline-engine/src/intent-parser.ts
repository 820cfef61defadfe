import { AmbiguousQuestionError, independentReadings, qualifiedName, valueReading } from './ambiguous-reading';
import type { DateRange } from './date-range-parser';
import { cmpTuple, filterLabel, measureTable } from './intent-words';
import type { JoinPlanner } from './join-planner';
import type { ParseOptions } from './parse-options';
import type { ColumnRef, Filter, GroupKey, Measure, ReadIntent } from './query-intent';
import { UnmappedQuestionError, type Item, type MentionItem } from './question-items';
import { dimensionColumns, FilterReader, mentionedTables, type PendingValue } from './filter-reader';
import { tableNoun, type LexiconTarget, type SchemaLexicon } from './schema-lexicon';

type ValueTarget = Extract<LexiconTarget, { kind: 'value' }>;
import { humanize, normalizedWords } from './word-forms';
import { verbLemma } from './word-lemmas';
import { buildAggregate, buildCount, buildList, buildTop } from './read-sketches';
import type { MeasureSpec, ReadState } from './read-state';

export { filterLabel, measureTable };


/** Superlatives of time: they rank rows by their table's date. */
const RECENCY = /^(the\s+)?(latest|earliest|most recent|newest|oldest)$/i;



/**
 * Assembles a ReadIntent from items; one instance per question (driven by parse-question.ts). It reads the question's
 * structure (what is counted, measured, ranked, grouped and filtered) and resolves it against the schema; the query
 * sketches that the structure selects (count, aggregate, top, list, lookup) are built in read-sketches.ts, which
 * reads this builder's state: its members are internal to the engine, not an API.
 */
export class ReadIntentBuilder implements ReadState {
  readonly filters: FilterReader;
  readonly values: PendingValue[];
  readonly labelValues: FilterReader['labelValues'];
  readonly pkValues: FilterReader['pkValues'];
  countTarget: MentionItem | null = null;
  countDistinct: MentionItem | null = null;
  agg: { fn: 'sum' | 'avg' | 'min' | 'max'; index: number } | null = null;
  measure: MeasureSpec | null = null;
  direction: 'asc' | 'desc' | null = null;
  topRequested = false;
  topN: number | null = null;
  groupSpec: { kind: 'mention'; item: MentionItem } | { kind: 'period'; unit: 'year' | 'month' | 'day' } | null = null;

  constructor(
    readonly items: Item[],
    readonly lex: SchemaLexicon,
    readonly planner: JoinPlanner,
    readonly range: DateRange | null,
    readonly options: ParseOptions,
  ) {
    this.filters = new FilterReader(items, lex);
    this.values = this.filters.values;
    this.labelValues = this.filters.labelValues;
    this.pkValues = this.filters.pkValues;
  }

  /** Unknown words after a final "of", taken as the name of the row a lookup reads ("the capital of X"). */
  bareName: string | null = null;
  bareNameUsed = false;

  build(): ReadIntent {
    this.filters.read();
    this.bareName = this.filters.bareName;
    this.readStructure();
    const leftoverKw = this.items.filter((it) => !it.used && it.t === 'kw' && !['eq', 'distinct'].includes(it.kw));
    const leftoverNum = this.items.filter((it) => !it.used && (it.t === 'num' || it.t === 'quoted'));
    if (leftoverNum.length) throw new UnmappedQuestionError(`it could not tell what ${leftoverNum.map((n) => `"${n.text}"`).join(', ')} refers to`);
    if (leftoverKw.length) throw new UnmappedQuestionError(`it could not tell what ${leftoverKw.map((k) => `"${k.text}"`).join(', ')} applies to`);
    const mentions = this.items.filter((it): it is MentionItem => it.t === 'mention' && !it.used);
    const intent = this.buildIntent(mentions);
    if (this.bareName !== null && !this.bareNameUsed) throw new UnmappedQuestionError(`"${this.bareName}" matches no table, column or stored value`);
    return intent;
  }

  buildIntent(mentions: MentionItem[]): ReadIntent {

    const isTop = this.topRequested || this.topN !== null || (this.direction !== null && this.agg === null);
    if (isTop && this.countTarget) throw new UnmappedQuestionError('it could not tell whether to count or to rank');
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
        if (Number.isInteger(item.value) && item.value > 0 && (next?.t === 'mention' || (next?.t === 'kw' && ['most', 'least', 'expensive', 'cheap', 'bestUnits', 'max', 'min'].includes(next.kw)))) {
          this.topN = item.value;
          item.used = true;
        }
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
          } else if (target?.t === 'mention' && target.targets.every((t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number')) {
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
          const measured = this.readMeasureAfter(k, false);
          if (item.kw === 'sum' && !measured) {
            // "total" as a column: "average order total", "highest total"
            if (item.alt) {
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
              this.measure = { kind: 'column', targets: [{ kind: 'column', table: dated.table, column: dated.column, exact: true }] };
              this.direction = item.kw === 'max' ? 'desc' : 'asc';
              break;
            }
          }
          const superlative = /^(highest|largest|biggest|greatest|lowest|smallest|latest|earliest|longest|shortest|tallest)$/.test(item.text.toLowerCase());
          const entityBefore = it.slice(0, k).some((p) => p.t === 'mention' && !p.used);
          if (superlative && entityBefore) {
            this.direction = item.kw === 'max' ? 'desc' : 'asc';
          } else {
            // a second aggregate ("the maximum capacity and the average"): one statement reads one, so refuse
            // rather than keep only the last (issue 22 item 4)
            if (this.agg && this.agg.fn !== item.kw) throw new UnmappedQuestionError(`it asks for two aggregates ("${this.items[this.agg.index].text}" and "${item.text}") and writes one per question`);
            this.agg = { fn: item.kw, index: k };
          }
          if (!measured && !this.measure) throw new UnmappedQuestionError(`it could not tell what "${item.text}" applies to`);
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
          this.direction = item.kw === 'expensive' ? 'desc' : 'asc';
          this.measure = { kind: 'price' };
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
          if (item.kw === 'units' && k === it.length - 1 && !it.some((x) => x.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max', 'top', 'bottom', 'money'].includes(x.kw))) break;
          this.measure = this.measure && this.measure.kind !== 'money' && this.measure.kind !== 'units' ? this.measure : { kind: item.kw };
          break;
        case 'group': {
          item.used = true;
          // "courses taken by students": a passive agent, not a grouping (unlike "placed by each employee")
          if (/^by$/i.test(item.text) && this.afterParticiple(item) && !(next?.t === 'kw' && next.kw === 'group')) {
            // with an explicit grouping later ("received by publications in each year") "by" names the agent only
            if (this.items.slice(k + 1).some((x) => x.t === 'kw' && x.kw === 'group')) break;
            throw new UnmappedQuestionError(`it could not tell whether "${item.text}" names who did something or how to group`);
          }
          // "show each invoice line": every row, not a grouping, when nothing is counted or added up
          if (/^(each|every)$/i.test(item.text) && !this.items.slice(0, k).some((x) => x.t === 'kw' && ['count', 'sum', 'avg', 'min', 'max', 'money', 'units', 'share'].includes(x.kw))) break;
          // "by each employee", "for each per ...": one grouping said twice
          if (next?.t === 'kw' && next.kw === 'group') {
            next.used = true;
            next = this.nextFree(this.items.indexOf(next));
          }
          if (!next) throw new UnmappedQuestionError(`it could not tell what "${item.text}" groups by`);
          if (next.t === 'mention') {
            const numeric = next.targets.filter((t) => t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'number');
            // only a bare "by" may rank ("top 5 products by price"); "in each year", "per year" group
            if (numeric.length && numeric.length === next.targets.length && /^by$/i.test(item.text)) {
              // "top 5 products by price": a ranking measure, not a group
              next.used = true;
              this.measure = { kind: 'column', targets: numeric };
              this.topRequested = true;
              this.direction ??= 'desc';
            } else {
              next.used = true;
              this.groupSpec = { kind: 'mention', item: next };
            }
          } else if (next.t === 'kw' && (next.kw === 'year' || next.kw === 'month' || next.kw === 'day')) {
            next.used = true;
            this.groupSpec = { kind: 'period', unit: next.kw };
          } else if (next.t === 'kw' && next.kw === 'count') {
            next.used = true;
            const target = this.nextFree(this.items.indexOf(next));
            if (target?.t !== 'mention' || !target.targets.some((t) => t.kind === 'table')) throw new UnmappedQuestionError(`it could not tell what to count after "${next.text}"`);
            target.used = true;
            this.measure = { kind: 'rows', table: (target.targets.find((t) => t.kind === 'table') as { table: string }).table };
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

  listDistinct = false;

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

  /** True when the word right before keyword `item` in the question is a past participle ("taken by"). */
  afterParticiple(item: Item): boolean {
    const before = item.t === 'kw' ? item.before : undefined;
    return !!before && /(ed|en|wn|ght)$/.test(before) && verbLemma(before) !== null;
  }

  nextFree(k: number): Item | undefined {
    for (let j = k + 1; j < this.items.length; j++) {
      const it = this.items[j];
      if (it.t === 'kw' && it.kw === 'eq') continue;
      if (!it.used) return it;
    }
    return undefined;
  }

  /** Read the measure named after an aggregate or superlative keyword; true when one was found. */
  readMeasureAfter(k: number, allowRows = true): boolean {
    const next = this.nextFree(k);
    if (!next) return false;
    if (next.t === 'kw' && ['money', 'units', 'expensive', 'cheap', 'bestUnits'].includes(next.kw)) {
      next.used = true;
      this.measure = next.kw === 'money' ? { kind: 'money' } : next.kw === 'units' || next.kw === 'bestUnits' ? { kind: 'units' } : { kind: 'price' };
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
        this.measure = { kind: 'rows', table: (target.targets.find((t) => t.kind === 'table') as { table: string }).table };
        return true;
      }
      throw new UnmappedQuestionError(`it could not tell what to count after "${next.text}"`);
    }
    if (next.t === 'mention') {
      const numeric = next.targets.filter((t) => t.kind === 'column' && ['number', 'date'].includes(this.lex.columnKind(t.table, t.column)));
      if (numeric.length) {
        next.used = true;
        this.measure = { kind: 'column', targets: numeric };
        return true;
      }
      const table = next.targets.find((t) => t.kind === 'table');
      if (table && allowRows) {
        next.used = true;
        this.measure = { kind: 'rows', table: table.table };
        return true;
      }
      if (table) {
        // "average order amount", "total order revenue": the table narrows the measure that follows
        const after = this.nextFree(this.items.indexOf(next));
        if (after?.t === 'mention') {
          const cols = after.targets.filter((t) => t.kind === 'column' && t.table === table.table && this.lex.columnKind(t.table, t.column) === 'number');
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

  // ---------------------------------------------------------------- resolution helpers
  firstTable(m: MentionItem): string | null {
    const t = m.targets.find((x) => x.kind === 'table');
    return t ? t.table : null;
  }

  /** Pick one column among candidates: a table the question names, then exact names, then nearest to `anchor`. */
  pickColumn(targets: LexiconTarget[], anchors: string[], what: string): ColumnRef {
    const cols = targets.filter((t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column');
    if (cols.length === 0) throw new UnmappedQuestionError(`${what} is not a column`);
    const named = mentionedTables(this.items);
    const score = (c: (typeof cols)[number]) => {
      const dist = anchors.length ? Math.min(...anchors.map((a) => this.planner.distance(a, c.table))) : 0;
      return [named.has(c.table) ? 0 : 1, dist, c.exact ? 0 : 1, -this.planner.incoming(c.table)];
    };
    const ranked = cols.map((c) => ({ c, s: score(c) })).sort((a, b) => cmpTuple(a.s, b.s));
    if (ranked[0].s[1] === Infinity) throw new UnmappedQuestionError(`${what} is in a table not linked by foreign keys to the rest of the question`);
    const phrase = /^"(.*)"$/.exec(what)?.[1] ?? null;
    const reading = (c: (typeof cols)[number]) => ({ label: `${humanize(c.column)} of ${tableNoun(this.lex.table(c.table))}`, phrase: phrase ?? '', replacement: qualifiedName(this.lex, c.table, c.column) });
    if (ranked.length > 1 && cmpTuple(ranked[0].s, ranked[1].s) === 0) {
      const tied = ranked.filter((r) => cmpTuple(r.s, ranked[0].s) === 0);
      const reason = `${what} could mean ${tied.map((r) => `${r.c.table}.${r.c.column}`).join(' or ')}`;
      if (phrase) throw new AmbiguousQuestionError(reason, tied.map((r) => reading(r.c)), `Which ${phrase} do you mean?`);
      throw new UnmappedQuestionError(reason);
    }
    // a word fitting two columns with the signals split (issue 22 item 6b): the nearer column only contains the word
    // ("billing country"), a column one join further is named by it exactly ("country"), no table named decides
    const exactRival = ranked.find((r) => r.c.exact && r.s[0] === ranked[0].s[0] && r.s[1] <= ranked[0].s[1] + 1);
    if (phrase && !ranked[0].c.exact && exactRival && ranked[0].s[0] === 1) {
      throw new AmbiguousQuestionError(`${what} could mean ${ranked[0].c.table}.${ranked[0].c.column} or ${exactRival.c.table}.${exactRival.c.column}`, [reading(ranked[0].c), reading(exactRival.c)], `Which ${phrase} do you mean?`);
    }
    return { table: ranked[0].c.table, column: ranked[0].c.column };
  }

  resolveGroup(anchor: string): GroupKey | null {
    const g = this.groupSpec;
    if (!g) return null;
    if (g.kind === 'period') return { kind: 'period', ref: this.dateColumn(anchor, `a grouping by ${g.unit}`), unit: g.unit };
    const table = this.firstTable(g.item);
    if (table && !g.item.targets.some((t) => t.kind === 'column' && t.exact)) return { kind: 'table', table };
    return { kind: 'column', ref: this.pickColumn(g.item.targets, [anchor], `"${g.item.text}"`) };
  }

  resolveFilters(anchor: string): Filter[] {
    const filters: Filter[] = [];
    for (const v of this.values) {
      const named = mentionedTables(this.items);
      const ranked = this.withSharedColumns(v.targets, anchor)
        .map((t) => ({ t, s: [this.planner.distance(anchor, t.table), named.has(t.table) ? 0 : 1, -this.planner.incoming(t.table)] }))
        .sort((a, b) => cmpTuple(a.s, b.s));
      if (ranked[0].s[0] === Infinity) throw new UnmappedQuestionError(`"${v.text}" is in a table not linked to ${anchor}`);
      const best = ranked.filter((r) => cmpTuple(r.s, ranked[0].s) === 0);
      const columns = new Set(best.map((b) => `${b.t.table}.${b.t.column}`));
      if (columns.size > 1) {
        const reason = `"${v.text}" could mean ${[...columns].join(' or ')}`;
        // a stored value in two columns: each column is a reading to ask about
        if (best.every((b) => b.t.kind === 'value')) throw this.valueAmbiguity(reason, best.map((b) => b.t as ValueTarget), anchor, v);
        throw new UnmappedQuestionError(reason);
      }
      const t = best[0].t;
      if (t.kind === 'value') {
        const rivals = independentReadings(t, v.targets, anchor, this.lex, this.planner);
        if (rivals.length) throw this.valueAmbiguity(`"${v.text}" is stored in ${[t, ...rivals].map((r) => `${r.table}.${r.column}`).join(' and ')}, which are not joined on it`, [t, ...rivals], anchor, v);
      }
      const ref = { table: t.table, column: t.column };
      const value = t.kind === 'value' ? t.value : v.value;
      const isName = ref.table !== anchor && this.lex.labelColumns(ref.table).length === 1 && this.lex.labelColumns(ref.table)[0] === ref.column;
      const label = isName ? `${v.op === '=' ? 'in' : 'outside'} the ${value} ${tableNoun(this.lex.table(ref.table))}` : filterLabel(ref.column, v.op, value);
      filters.push({ kind: 'compare', ref, op: v.op, value, label });
    }
    for (const l of this.labelValues) {
      const label = this.lex.labelColumns(anchor);
      if (label.length !== 1) throw new UnmappedQuestionError(`${anchor} has no single name column for "${l.value}"`);
      filters.push({ kind: 'compare', ref: { table: anchor, column: label[0] }, op: l.op, value: l.value, label: `named ${l.value}` });
    }
    for (const p of this.pkValues) {
      const table = this.lex.table(p.table);
      filters.push({ kind: 'compare', ref: { table: p.table, column: table.primaryKey[0] }, op: '=', value: p.value, label: `${humanize(table.primaryKey[0])} ${p.value}` });
    }
    if (this.range) {
      filters.push({ kind: 'dateRange', ref: this.dateColumn(anchor, `"${this.range.label}"`), from: this.range.from, to: this.range.to, label: this.range.label });
    }
    return filters;
  }

  /** The question asked back for a value stored in several columns: one reading a column (see ambiguous-reading.ts). */
  valueAmbiguity(reason: string, targets: ValueTarget[], anchor: string, v: PendingValue): AmbiguousQuestionError {
    const seen = new Set<string>();
    const distinct = targets.filter((t) => !seen.has(`${t.table}.${t.column}`) && !!seen.add(`${t.table}.${t.column}`));
    return new AmbiguousQuestionError(reason, distinct.map((t) => valueReading(this.lex, anchor, t, t.value, v.written ?? v.text)), `Which "${v.written ?? v.text}" do you mean?`);
  }

  /**
   * Value targets plus, when none is in a table linked to `anchor`, the column of `anchor` with the same name as a
   * value's column whose own values the schema does not list: "texas" known from `city.state_name` also fits
   * `state.state_name` (51 states, too many to list). Same-named columns are taken to share their values, as
   * foreign keys named after their target do.
   */
  withSharedColumns(targets: PendingValue['targets'], anchor: string): PendingValue['targets'] {
    if (targets.some((t) => this.planner.distance(anchor, t.table) < Infinity)) return targets;
    const shared = new Map<string, PendingValue['targets'][number]>();
    for (const t of targets) {
      if (t.kind !== 'value') continue;
      const col = this.lex.table(anchor).columns.find((c) => c.name.toLowerCase() === t.column.toLowerCase());
      if (col && !col.sampleValues?.length && this.lex.columnKind(anchor, col.name) !== 'number') shared.set(`${col.name}\u0000${t.value}`, { kind: 'value', table: anchor, column: col.name, value: t.value });
    }
    return shared.size ? [...shared.values()] : targets;
  }

  /** The date column of `anchor`, or of the nearest table it references (many-to-one), for a date range or period. */
  /** The date column of the table named right after a recency word at `k` ("latest orders"), or null. */
  recencyColumn(k: number): ColumnRef | null {
    const next = this.nextFree(k);
    const table = next?.t === 'mention' ? this.firstTable(next) : null;
    if (!table) return null;
    try {
      return this.dateColumn(table, `"${this.items[k].text}"`);
    } catch {
      return null;
    }
  }

  dateColumn(anchor: string, what: string): ColumnRef {
    const seen = new Set<string>([anchor]);
    let frontier = [anchor];
    while (frontier.length) {
      const found: ColumnRef[] = [];
      for (const t of frontier) for (const c of this.lex.columnsOfKind(t, 'date')) found.push({ table: t, column: c });
      if (found.length === 1) return found[0];
      if (found.length > 1) {
        const ranked = found
          .map((f) => {
            const words = normalizedWords(f.column);
            const tw = this.lex.tableWords(f.table);
            const rank = words.join(' ') === `${tw.join(' ')} date` || (tw.every((w) => words.includes(w)) && words.length > tw.length) ? 0 : /^(date|created at|created|created on|creation date|timestamp)$/.test(words.join(' ')) ? 1 : 2;
            return { f, rank };
          })
          .sort((a, b) => a.rank - b.rank);
        if (ranked[0].rank < 2 && ranked[1].rank > ranked[0].rank) return ranked[0].f;
        throw new UnmappedQuestionError(`${what} could apply to ${found.map((f) => `${f.table}.${f.column}`).join(' or ')}`);
      }
      const next: string[] = [];
      for (const t of frontier) {
        for (const fk of this.lex.table(t).foreignKeys) {
          const parent = [...this.lex.tables.keys()].find((k) => this.lex.table(k).name.toLowerCase() === fk.referencedTable.toLowerCase());
          if (parent && !seen.has(parent)) {
            seen.add(parent);
            next.push(parent);
          }
        }
      }
      frontier = next;
    }
    throw new UnmappedQuestionError(`${what} needs a date column, and ${anchor} has none`);
  }

  measureTableHint: string | null = null;

  /** Remaining table mentions must be tables the intent uses; anything else is a relation the engine cannot see. */
  checkLeftovers(mentions: MentionItem[], used: Set<string>): void {
    for (const m of mentions) {
      if (m.used) continue;
      const t = m.targets.filter((x) => x.kind === 'table' || x.kind === 'column');
      if (t.some((x) => used.has(x.table) && x.kind === 'table')) continue;
      throw new UnmappedQuestionError(`it could not tell how "${m.text}" fits the question`);
    }
  }

  tablesOf(filters: Filter[], group: GroupKey | null, measure: Measure | null): Set<string> {
    const s = new Set<string>();
    for (const f of filters) s.add(f.ref.table);
    if (group) s.add(group.kind === 'table' ? group.table : group.ref.table);
    if (measure) s.add(measure.expr.kind === 'rows' ? measure.expr.table : measure.expr.kind === 'column' ? measure.expr.ref.table : measure.expr.left.table);
    return s;
  }

  // ---------------------------------------------------------------- intents
  isManyToOne(from: string, to: string): boolean {
    try {
      const plan = this.planner.plan(from, [to]);
      return !plan.fansOut;
    } catch {
      return false;
    }
  }
}

