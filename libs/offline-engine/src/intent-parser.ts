import type { DateRange } from './date-range-parser';
import { aggregateWords, aliasOf, cmpTuple, filterLabel, isMoneyColumn, measureTable, pluralWords, singularNoun } from './intent-words';
import type { JoinPlanner } from './join-planner';
import type { ParseOptions } from './parse-options';
import type { ColumnRef, Filter, GroupKey, Measure, ReadIntent } from './query-intent';
import { UnmappedQuestionError, type Item, type MentionItem } from './question-items';
import { dimensionColumns, FilterReader, mayBeName, mentionedTables, type PendingValue } from './filter-reader';
import { tableNoun, type LexiconTarget, type SchemaLexicon } from './schema-lexicon';
import { humanize, normalizedWords } from './word-forms';
import { verbLemma } from './word-lemmas';

export { filterLabel, measureTable };


/** Superlatives of time: they rank rows by their table's date. */
const RECENCY = /^(the\s+)?(latest|earliest|most recent|newest|oldest)$/i;

/** A measure before its tables are resolved. */
type MeasureSpec =
  | { kind: 'money' }
  | { kind: 'units' }
  | { kind: 'price' }
  | { kind: 'column'; targets: LexiconTarget[] }
  | { kind: 'rows'; table: string }
  | { kind: 'distinct'; targets: LexiconTarget[] };


/** Assembles a ReadIntent from items; one instance per question (driven by parse-question.ts). */
export class ReadIntentBuilder {
  private readonly filters: FilterReader;
  private readonly values: PendingValue[];
  private readonly labelValues: FilterReader['labelValues'];
  private readonly pkValues: FilterReader['pkValues'];
  private countTarget: MentionItem | null = null;
  private countDistinct: MentionItem | null = null;
  private agg: { fn: 'sum' | 'avg' | 'min' | 'max'; index: number } | null = null;
  private measure: MeasureSpec | null = null;
  private direction: 'asc' | 'desc' | null = null;
  private topRequested = false;
  private topN: number | null = null;
  private groupSpec: { kind: 'mention'; item: MentionItem } | { kind: 'period'; unit: 'year' | 'month' | 'day' } | null = null;

  constructor(
    private readonly items: Item[],
    private readonly lex: SchemaLexicon,
    private readonly planner: JoinPlanner,
    private readonly range: DateRange | null,
    private readonly options: ParseOptions,
  ) {
    this.filters = new FilterReader(items, lex);
    this.values = this.filters.values;
    this.labelValues = this.filters.labelValues;
    this.pkValues = this.filters.pkValues;
  }

  /** Unknown words after a final "of", taken as the name of the row a lookup reads ("the capital of X"). */
  private bareName: string | null = null;
  private bareNameUsed = false;

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

  private buildIntent(mentions: MentionItem[]): ReadIntent {

    const isTop = this.topRequested || this.topN !== null || (this.direction !== null && this.agg === null);
    if (isTop && this.countTarget) throw new UnmappedQuestionError('it could not tell whether to count or to rank');
    if (isTop) return this.buildTop(mentions);
    if (this.countTarget || this.countDistinct) return this.buildCount(mentions);
    if (this.agg || this.measure) return this.buildAggregate(mentions);
    return this.buildList(mentions);
  }

  // ---------------------------------------------------------------- pass 2: structure
  private readStructure(): void {
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

  private listDistinct = false;

  /**
   * "how many <name> are there": the rows a stored name right after the count word names ("how many buttercup
   * kitchen are there" counts restaurants named so), as a table mention; null unless that value sits in the name
   * column of one table.
   */
  private namedRowsAfter(k: number): MentionItem | null {
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
  private afterParticiple(item: Item): boolean {
    const before = item.t === 'kw' ? item.before : undefined;
    return !!before && /(ed|en|wn|ght)$/.test(before) && verbLemma(before) !== null;
  }

  private nextFree(k: number): Item | undefined {
    for (let j = k + 1; j < this.items.length; j++) {
      const it = this.items[j];
      if (it.t === 'kw' && it.kw === 'eq') continue;
      if (!it.used) return it;
    }
    return undefined;
  }

  /** Read the measure named after an aggregate or superlative keyword; true when one was found. */
  private readMeasureAfter(k: number, allowRows = true): boolean {
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
  private firstTable(m: MentionItem): string | null {
    const t = m.targets.find((x) => x.kind === 'table');
    return t ? t.table : null;
  }

  /** Pick one column among candidates: a table the question names, then exact names, then nearest to `anchor`. */
  private pickColumn(targets: LexiconTarget[], anchors: string[], what: string): ColumnRef {
    const cols = targets.filter((t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column');
    if (cols.length === 0) throw new UnmappedQuestionError(`${what} is not a column`);
    const named = mentionedTables(this.items);
    const score = (c: (typeof cols)[number]) => {
      const dist = anchors.length ? Math.min(...anchors.map((a) => this.planner.distance(a, c.table))) : 0;
      return [named.has(c.table) ? 0 : 1, dist, c.exact ? 0 : 1, -this.planner.incoming(c.table)];
    };
    const ranked = cols.map((c) => ({ c, s: score(c) })).sort((a, b) => cmpTuple(a.s, b.s));
    if (ranked[0].s[1] === Infinity) throw new UnmappedQuestionError(`${what} is in a table not linked by foreign keys to the rest of the question`);
    if (ranked.length > 1 && cmpTuple(ranked[0].s, ranked[1].s) === 0) {
      throw new UnmappedQuestionError(`${what} could mean ${ranked.filter((r) => cmpTuple(r.s, ranked[0].s) === 0).map((r) => `${r.c.table}.${r.c.column}`).join(' or ')}`);
    }
    return { table: ranked[0].c.table, column: ranked[0].c.column };
  }

  private resolveGroup(anchor: string): GroupKey | null {
    const g = this.groupSpec;
    if (!g) return null;
    if (g.kind === 'period') return { kind: 'period', ref: this.dateColumn(anchor, `a grouping by ${g.unit}`), unit: g.unit };
    const table = this.firstTable(g.item);
    if (table && !g.item.targets.some((t) => t.kind === 'column' && t.exact)) return { kind: 'table', table };
    return { kind: 'column', ref: this.pickColumn(g.item.targets, [anchor], `"${g.item.text}"`) };
  }

  private resolveFilters(anchor: string): Filter[] {
    const filters: Filter[] = [];
    for (const v of this.values) {
      const named = mentionedTables(this.items);
      const ranked = this.withSharedColumns(v.targets, anchor)
        .map((t) => ({ t, s: [this.planner.distance(anchor, t.table), named.has(t.table) ? 0 : 1, -this.planner.incoming(t.table)] }))
        .sort((a, b) => cmpTuple(a.s, b.s));
      if (ranked[0].s[0] === Infinity) throw new UnmappedQuestionError(`"${v.text}" is in a table not linked to ${anchor}`);
      const best = ranked.filter((r) => cmpTuple(r.s, ranked[0].s) === 0);
      const columns = new Set(best.map((b) => `${b.t.table}.${b.t.column}`));
      if (columns.size > 1) throw new UnmappedQuestionError(`"${v.text}" could mean ${[...columns].join(' or ')}`);
      const t = best[0].t;
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

  /**
   * Value targets plus, when none is in a table linked to `anchor`, the column of `anchor` with the same name as a
   * value's column whose own values the schema does not list: "texas" known from `city.state_name` also fits
   * `state.state_name` (51 states, too many to list). Same-named columns are taken to share their values, as
   * foreign keys named after their target do.
   */
  private withSharedColumns(targets: PendingValue['targets'], anchor: string): PendingValue['targets'] {
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
  private recencyColumn(k: number): ColumnRef | null {
    const next = this.nextFree(k);
    const table = next?.t === 'mention' ? this.firstTable(next) : null;
    if (!table) return null;
    try {
      return this.dateColumn(table, `"${this.items[k].text}"`);
    } catch {
      return null;
    }
  }

  private dateColumn(anchor: string, what: string): ColumnRef {
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

  /** Resolve a measure spec anchored at `anchors` (the tables it must relate to). */
  private resolveMeasure(spec: MeasureSpec, anchors: string[], fn: Measure['fn']): Measure {
    const lex = this.lex;
    const dist = (table: string) => (anchors.length ? anchors.reduce((s, a) => s + this.planner.distance(a, table), 0) : 0);
    if (spec.kind === 'column') {
      const ref = this.pickColumn(spec.targets, anchors, `"${humanize((spec.targets[0] as { column: string }).column)}"`);
      const money = isMoneyColumn(ref.column);
      const fnWord = fn === 'none' ? '' : aggregateWords(fn);
      return { fn, expr: { kind: 'column', ref }, alias: fn === 'none' ? aliasOf(ref.column) : `${fn === 'sum' ? 'total' : fn}_${aliasOf(ref.column)}`, label: `${fnWord} ${humanize(ref.column)}`.trim(), money };
    }
    if (spec.kind === 'rows') {
      const noun = humanize(lex.table(spec.table).name);
      return { fn: 'count', expr: { kind: 'rows', table: spec.table }, alias: `${aliasOf(singularNoun(noun))}_count`, label: `number of ${pluralWords(noun)}`, money: false };
    }
    if (spec.kind === 'price') {
      const anchor = anchors[0];
      // "average expensive": a price, but of no table the question names
      if (anchor === undefined) throw new UnmappedQuestionError('it could not tell what is expensive or cheap: it names no table');
      const numeric = lex.columnsOfKind(anchor, 'number');
      const byPrice = numeric.filter((c) => normalizedWords(c).includes('price'));
      const prices = byPrice.length ? byPrice : numeric.filter((c) => normalizedWords(c).includes('cost'));
      if (prices.length !== 1) throw new UnmappedQuestionError(prices.length ? `"expensive" could mean ${prices.join(' or ')}` : `${anchor} has no price column`);
      return { fn: 'none', expr: { kind: 'column', ref: { table: anchor, column: prices[0] } }, alias: aliasOf(prices[0]), label: humanize(prices[0]), money: true };
    }
    const candidates: Array<{ expr: Measure['expr']; table: string; line: boolean }> = [];
    for (const key of lex.tables.keys()) {
      const nums = lex.columnsOfKind(key, 'number');
      const isLine = lex.table(key).foreignKeys.length > 0;
      const qty = isLine ? nums.filter((c) => /^(quantity|qty|unit|quantity ordered|ordered quantity|number of unit|unit sold|quantity sold)$/.test(normalizedWords(c).join(' '))) : [];
      const unitPrice = nums.filter((c) => /^(unit price|price|sale price|selling price|price each|item price)$/.test(normalizedWords(c).join(' ')));
      const lineTotal = nums.filter((c) => /^(line total|line amount|total price|total|amount|subtotal|sub total|extended price|line price)$/.test(normalizedWords(c).join(' ')));
      if (spec.kind === 'units') {
        if (qty.length === 1) candidates.push({ expr: { kind: 'column', ref: { table: key, column: qty[0] } }, table: key, line: true });
        continue;
      }
      if (qty.length === 1 && lineTotal.length === 1) {
        candidates.push({ expr: { kind: 'column', ref: { table: key, column: lineTotal[0] } }, table: key, line: true });
        continue;
      }
      if (qty.length === 1 && unitPrice.length === 1) {
        candidates.push({ expr: { kind: 'product', left: { table: key, column: qty[0] }, right: { table: key, column: unitPrice[0] } }, table: key, line: true });
        continue;
      }
      const amounts = nums.filter((c) => /^(total|amount|total amount|grand total|total price|revenue|sale|sales amount|sale amount|total due|amount paid|payment amount|order total|invoice total)$/.test(normalizedWords(c).join(' ')) || normalizedWords(c).join(' ') === `${lex.tableWords(key).join(' ')} total`);
      if (amounts.length === 1) candidates.push({ expr: { kind: 'column', ref: { table: key, column: amounts[0] } }, table: key, line: false });
    }
    if (spec.kind === 'money' && this.measureTableHint) {
      const hinted = candidates.filter((c) => c.table === this.measureTableHint);
      if (hinted.length) candidates.splice(0, candidates.length, ...hinted);
    }
    const reachable = candidates.filter((c) => dist(c.table) < Infinity).sort((a, b) => dist(a.table) - dist(b.table) || Number(b.line) - Number(a.line));
    if (!reachable.length) throw new UnmappedQuestionError(spec.kind === 'money' ? 'it found no sales amount (a quantity and unit price, or a total/amount column) linked to the question' : 'it found no quantity column linked to the question');
    const best = reachable[0];
    if (spec.kind === 'units') {
      return { fn: 'sum', expr: best.expr, alias: 'units_sold', label: 'units sold', money: false };
    }
    return { fn: fn === 'none' ? 'sum' : fn, expr: best.expr, alias: fn === 'avg' ? 'avg_sales' : 'total_sales', label: fn === 'avg' ? 'average sales' : 'total sales', money: true };
  }

  private measureTableHint: string | null = null;

  /** Remaining table mentions must be tables the intent uses; anything else is a relation the engine cannot see. */
  private checkLeftovers(mentions: MentionItem[], used: Set<string>): void {
    for (const m of mentions) {
      if (m.used) continue;
      const t = m.targets.filter((x) => x.kind === 'table' || x.kind === 'column');
      if (t.some((x) => used.has(x.table) && x.kind === 'table')) continue;
      throw new UnmappedQuestionError(`it could not tell how "${m.text}" fits the question`);
    }
  }

  private tablesOf(filters: Filter[], group: GroupKey | null, measure: Measure | null): Set<string> {
    const s = new Set<string>();
    for (const f of filters) s.add(f.ref.table);
    if (group) s.add(group.kind === 'table' ? group.table : group.ref.table);
    if (measure) s.add(measure.expr.kind === 'rows' ? measure.expr.table : measure.expr.kind === 'column' ? measure.expr.ref.table : measure.expr.left.table);
    return s;
  }

  // ---------------------------------------------------------------- intents
  private buildCount(mentions: MentionItem[]): ReadIntent {
    if (this.countDistinct) {
      const anchorTable = mentions.map((m) => this.firstTable(m)).find((t) => t) ?? null;
      const ref = this.pickColumn(this.countDistinct.targets, anchorTable ? [anchorTable] : [], `"${this.countDistinct.text}"`);
      // "the total number of credits" over a numeric column is its sum or its value, never a count of its values
      if (this.lex.columnKind(ref.table, ref.column) === 'number' && !this.listDistinct) {
        throw new UnmappedQuestionError(`it could not tell whether "${this.countDistinct.text}" is to be added up or its values counted`);
      }
      if (anchorTable) mentions.forEach((m) => this.firstTable(m) === anchorTable && (m.used = true));
      const filters = this.resolveFilters(ref.table);
      const group = this.resolveGroup(ref.table);
      this.checkLeftovers(mentions, new Set([ref.table, ...this.tablesOf(filters, group, null)]));
      if (this.listDistinct && !this.countTarget && !this.items.some((i) => i.t === 'kw' && i.kw === 'count')) {
        return { kind: 'list', subject: ref.table, filters, group: { kind: 'column', ref }, measure: null, limit: null, direction: 'asc', columns: [ref] };
      }
      const measure: Measure = { fn: 'count', expr: { kind: 'column', ref }, alias: `${aliasOf(ref.column)}_count`, label: `number of different ${pluralWords(humanize(ref.column))}`, money: false };
      return { kind: 'count', subject: ref.table, filters, group, measure, limit: null, direction: 'desc', columns: [] };
    }
    const subject = this.firstTable(this.countTarget as MentionItem) as string;
    const filters = this.resolveFilters(subject);
    const group = this.resolveGroup(subject);
    const noun = humanize(this.lex.table(subject).name);
    const measure: Measure = { fn: 'count', expr: { kind: 'rows', table: subject }, alias: `${aliasOf(singularNoun(noun))}_count`, label: `number of ${pluralWords(noun)}`, money: false };
    if (this.measure) throw new UnmappedQuestionError('it could not tell whether to count or to add up');
    this.checkLeftovers(mentions, new Set([subject, ...this.tablesOf(filters, group, measure)]));
    return { kind: 'count', subject, filters, group, measure, limit: null, direction: 'desc', columns: [] };
  }

  private buildAggregate(mentions: MentionItem[]): ReadIntent {
    const fn = this.agg?.fn ?? 'sum';
    const spec = this.measure;
    if (!spec) throw new UnmappedQuestionError('it could not tell what to aggregate');
    // anchors: the group's table and tables the question names
    const tableMentions = mentions.filter((m) => this.firstTable(m) && !m.targets.some((t) => t.kind === 'column'));
    const groupTable = this.groupSpec?.kind === 'mention' ? this.firstTable(this.groupSpec.item) : null;
    let anchors: string[] = [];
    if (spec.kind === 'column') {
      const hinted = tableMentions.map((m) => this.firstTable(m) as string);
      anchors = hinted.length ? hinted : [];
    } else {
      anchors = [...(groupTable ? [groupTable] : []), ...tableMentions.map((m) => this.firstTable(m) as string)];
      if (this.groupSpec?.kind === 'mention' && !groupTable) anchors.push(...this.groupSpec.item.targets.filter((t) => t.kind === 'column').map((t) => t.table).slice(0, 1));
      for (const v of this.values) if (v.targets.length === 1) anchors.push(v.targets[0].table);
    }
    const measure = this.resolveMeasure(spec, anchors, fn);
    const base = measureTable(measure);
    tableMentions.forEach((m) => (m.used = true));
    const filters = this.resolveFilters(base);
    // "average discount per order item": each row is its own group, so the average is over the rows
    const resolved = this.resolveGroup(base);
    const group = resolved?.kind === 'table' && resolved.table === base ? null : resolved;
    const used = new Set([base, ...this.tablesOf(filters, group, measure), ...anchors]);
    this.checkLeftovers(mentions, used);
    for (const t of used) if (this.planner.distance(base, t) === Infinity) throw new UnmappedQuestionError(`${t} is not linked to ${base} by foreign keys`);
    return { kind: 'aggregate', subject: base, filters, group, measure, limit: null, direction: 'desc', columns: [] };
  }

  private buildTop(mentions: MentionItem[]): ReadIntent {
    // the entity ranked: the first named table or text column not used by a filter or measure
    let entityItem = mentions.find((m) => m.targets.some((t) => t.kind === 'table' || (t.kind === 'column' && this.lex.columnKind(t.table, t.column) === 'text')));
    // "the names of the top 3 restaurants": the name column of a table named later shows that table's rows
    let shown: ColumnRef[] = [];
    // "the population of the state with the largest area", "the capital of the largest state": columns named
    // before the ranked table are read from the winning row (a nested superlative)
    const tableAt = mentions.findIndex((m) => this.firstTable(m));
    if (tableAt > 0 && this.measure?.kind === 'column' && !this.agg) {
      const table = this.firstTable(mentions[tableAt]) as string;
      const lead = mentions.slice(0, tableAt);
      if (lead.every((m) => m.targets.some((t) => t.kind === 'column' && t.table === table && this.lex.columnKind(table, t.column) !== 'id'))) {
        shown = lead.map((m) => this.pickColumn(m.targets.filter((t) => t.kind === 'column' && t.table === table), [table], `"${m.text}"`));
        lead.forEach((m) => (m.used = true));
        entityItem = mentions[tableAt];
      }
    }
    if (entityItem && !this.firstTable(entityItem)) {
      const col = entityItem;
      const owner = mentions.find((m) => m !== col && col.targets.some((t) => t.kind === 'column' && t.table === this.firstTable(m) && (this.lex.nameColumns(t.table) ?? []).includes(t.column)));
      if (owner) {
        const table = this.firstTable(owner) as string;
        const names = this.lex.nameColumns(table) ?? [];
        shown = col.targets.filter((t) => t.kind === 'column' && t.table === table && names.includes(t.column)).map((t) => ({ table, column: (t as { column: string }).column }));
        col.used = true;
        entityItem = owner;
      }
    }
    const groupItem = this.groupSpec?.kind === 'mention' ? this.groupSpec.item : null;
    const entity = entityItem ?? groupItem;
    if (!entity) throw new UnmappedQuestionError('it could not tell what to rank');
    entity.used = true;
    const entityTable = this.firstTable(entity);
    const entityIsTable = !!entityTable && !entity.targets.some((t) => t.kind === 'column' && t.exact && this.lex.columnKind(t.table, t.column) === 'text');
    if (groupItem && entity !== groupItem) throw new UnmappedQuestionError('it could not tell whether to rank or to group');
    const spec = this.measure;
    if (!spec) throw new UnmappedQuestionError('it could not tell by what to rank');
    const limitWord = this.topN ?? (entity.plural ? this.options.defaultTopN : 1);
    const direction = this.direction ?? 'desc';
    const others = mentions.filter((m) => m !== entity && !m.used);
    if (shown.length && !entityTable) throw new UnmappedQuestionError(`it could not tell what to rank`);
    if (entityIsTable) {
      const subject = entityTable as string;
      const fn = this.agg?.fn ?? (spec.kind === 'column' ? 'none' : 'sum');
      const anchors = spec.kind === 'column' ? [subject] : [subject, ...others.map((m) => this.firstTable(m)).filter((t): t is string => !!t)];
      const measure = this.resolveMeasure(spec, anchors, spec.kind === 'price' || spec.kind === 'rows' ? (spec.kind === 'rows' ? 'count' : 'none') : fn);
      const mTable = measureTable(measure);
      if (measure.fn === 'none' && mTable !== subject) {
        // a superlative across a join: "what state has the longest river" is the state of the longest river
        const owner = others.find((m) => this.firstTable(m) === mTable);
        if (!owner || entity.plural || owner.plural || this.topN !== null) throw new UnmappedQuestionError(`it could not tell how to add up ${measure.label} per ${subject}`);
        owner.used = true;
        const filters = this.resolveFilters(mTable);
        const columns = shown.length && shown.every((c) => c.table === subject) ? shown : this.lex.labelColumns(subject).map((column) => ({ table: subject, column }));
        this.checkLeftovers(others.filter((m) => m !== owner), new Set([subject, mTable, ...this.tablesOf(filters, null, measure)]));
        return { kind: 'top', subject: mTable, filters, group: null, measure, limit: 1, direction, columns, ties: true };
      }
      const group: GroupKey | null = mTable === subject && (measure.fn === 'none' || measure.expr.kind !== 'rows') && measure.fn === 'none' ? null : { kind: 'table', table: subject };
      if (mTable === subject && measure.expr.kind === 'rows') throw new UnmappedQuestionError(`it could not tell how to count ${subject} per ${subject}`);
      const filters = this.resolveFilters(mTable);
      this.checkLeftovers(others, new Set([subject, mTable, ...this.tablesOf(filters, group, measure)]));
      // "which state has the largest area": every state with that area, not an arbitrary first one
      // "which state has the largest area", "which employee sold the most": every row or group holding the extreme
      // value, not an arbitrary first one
      const ties = this.topN === null && !entity.plural;
      return { kind: 'top', subject: mTable, filters, group, measure, limit: limitWord, direction, columns: group === null ? shown : [], ...(ties ? { ties } : {}) };
    }
    // ranking groups of a column: "which country's customers spent the most"
    const anchorTables = others.map((m) => this.firstTable(m)).filter((t): t is string => !!t);
    const columnAnchor = anchorTables[0] ?? (entity.targets.find((t) => t.kind === 'column') as { table: string }).table;
    const measure = this.resolveMeasure(spec, [columnAnchor], spec.kind === 'rows' ? 'count' : this.agg?.fn ?? 'sum');
    const base = measureTable(measure);
    const ref = this.pickColumn(entity.targets, [base, ...anchorTables], `"${entity.text}"`);
    if (measure.fn === 'none') throw new UnmappedQuestionError(`it could not tell how to add up ${measure.label} per ${ref.column}`);
    // grouping needs a categorical column (one whose few values the schema lists); a column of near-unique names
    // ("which capital has the largest population") asks about rows, which the engine cannot tell from groups
    if (!this.lex.column(ref.table, ref.column).sampleValues?.length) {
      throw new UnmappedQuestionError(`it could not tell whether "${entity.text}" means one row or a group of rows`);
    }
    const filters = this.resolveFilters(base);
    const group: GroupKey = { kind: 'column', ref };
    this.checkLeftovers(others, new Set([base, ...anchorTables, ...this.tablesOf(filters, group, measure)]));
    const ties = this.topN === null && !entity.plural;
    return { kind: 'top', subject: base, filters, group, measure, limit: limitWord, direction, columns: [], ...(ties ? { ties } : {}) };
  }

  private buildList(mentions: MentionItem[]): ReadIntent {
    const subjectItem = mentions.find((m) => this.firstTable(m));
    if (!subjectItem) {
      const lookup = this.buildLookup(mentions);
      if (lookup) return lookup;
      if (this.values.length) throw new UnmappedQuestionError('it found a value to filter on but no table to list');
      const columnsOnly = this.columnsOfOneTable(mentions);
      if (columnsOnly) return columnsOnly;
      throw new UnmappedQuestionError('it found no table that the question names');
    }
    subjectItem.used = true;
    const subject = this.firstTable(subjectItem) as string;
    if (this.groupSpec) {
      // "orders per channel": a count per group
      this.countTarget = subjectItem;
      return this.buildCount(mentions);
    }
    const filters = this.resolveFilters(subject);
    const columns: ColumnRef[] = [];
    const listed: MentionItem[] = [];
    for (const m of mentions) {
      if (m.used) continue;
      // a column of the subject or of a row each subject row points to; a column of many rows per subject row
      // ("the state with the highest point" against highlow) is a relation the list cannot show
      const cols = m.targets.filter((t) => t.kind === 'column' && (t.table === subject || (this.planner.distance(subject, t.table) <= 1 && this.isManyToOne(subject, t.table))));
      const table = this.firstTable(m);
      // "the name of the artist": the table after "of" owns the column (any row each subject row leads to) and is
      // not listed again
      const owner = this.items[this.items.indexOf(m) + 1];
      const ownerTable = owner?.t === 'mention' && !owner.used && /^of( the)?$/.test(owner.glue ?? '') ? this.firstTable(owner) : null;
      const owned = ownerTable && (ownerTable === subject || this.isManyToOne(subject, ownerTable)) ? m.targets.filter((t) => t.kind === 'column' && t.table === ownerTable) : [];
      if (cols.length || owned.length) {
        const picked = this.pickColumn(owned.length ? owned : cols, [subject], `"${m.text}"`);
        columns.push(picked);
        listed.push(m);
        m.used = true;
        if (owned.length && owner) owner.used = true;
      } else if (table && this.isManyToOne(subject, table)) {
        for (const c of this.lex.labelColumns(table)) columns.push({ table, column: c });
        m.used = true;
      } else {
        throw new UnmappedQuestionError(`it could not tell how "${m.text}" fits the question`);
      }
    }
    if (columns.length && columns.every((c) => c.table !== subject)) {
      columns.unshift(...this.lex.table(subject).columns.map((c) => ({ table: subject, column: c.name })));
    } else if (columns.length && this.items.indexOf(subjectItem) < Math.min(...listed.map((m) => this.items.indexOf(m)))) {
      // "the cities in the US and their population": the rows named first, then the columns asked for
      const names = (this.lex.nameColumns(subject) ?? []).filter((n) => !columns.some((c) => c.table === subject && c.column === n));
      columns.unshift(...names.map((column) => ({ table: subject, column })));
    }
    return { kind: 'list', subject, filters, group: null, measure: null, limit: null, direction: 'asc', columns };
  }

  /**
   * "list the student ids", "show the titles and years": columns named exactly (their full names) that belong to
   * one table, listed from it (filters and date ranges of the question apply); null otherwise.
   */
  private columnsOfOneTable(mentions: MentionItem[]): ReadIntent | null {
    const free = mentions.filter((m) => !m.used);
    if (!free.length || this.range || this.labelValues.length || this.pkValues.length) return null;
    const exact = free.map((m) => m.targets.filter((t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column' && t.exact));
    if (exact.some((e) => !e.length)) return null;
    let tables = [...new Set(exact[0].map((t) => t.table))].filter((table) => exact.every((e) => e.some((t) => t.table === table)));
    // a key shared by several tables belongs to the table it is named after: student_id -> student
    if (tables.length > 1) {
      tables = tables.filter((table) => {
        const tw = this.lex.tableWords(table).join(' ');
        return exact.every((e) => e.some((t) => t.table === table && normalizedWords(t.column).join(' ').startsWith(`${tw} `)));
      });
    }
    if (tables.length !== 1) return null;
    const [table] = tables;
    const columns = exact.map((e) => ({ table, column: (e.find((t) => t.table === table) as { column: string }).column }));
    free.forEach((m) => (m.used = true));
    return { kind: 'list', subject: table, filters: [], group: null, measure: null, limit: null, direction: 'asc', columns };
  }

  /**
   * "what is the capital of texas": columns read from the one row (or rows) of a table named by a value of its name
   * column. The value names the row when it is a stored value of that name column, or of a same-named column whose
   * values the schema does list (see withSharedColumns), or unknown words after "of" (bareName) when the table's
   * name column is not listed. Exactly one table may fit every named column and the value; else null (refused).
   */
  private buildLookup(mentions: MentionItem[]): ReadIntent | null {
    const cols = mentions.filter((m) => !m.used);
    if (!cols.length || cols.some((m) => !m.targets.some((t) => t.kind === 'column'))) return null;
    // "the population density of maine": one column or two? (the words of a compound name are not known)
    if (cols.some((m) => m.joined)) throw new UnmappedQuestionError(`it could not tell whether ${cols.map((m) => `"${m.text}"`).join(' ')} names one column or several`);
    const valueCount = this.values.length + (this.bareName !== null ? 1 : 0);
    if (valueCount < 1 || (valueCount > 1 && this.bareName !== null) || this.labelValues.length || this.pkValues.length || this.range || this.groupSpec) return null;
    // "the population of austin texas": one value names the row, the others narrow it in the same table
    if (this.values.length > 1) return this.buildQualifiedLookup(cols);
    const fits: Array<{ table: string; name: string; value: string; text: string }> = [];
    for (const table of this.lex.tables.keys()) {
      if (!cols.every((m) => m.targets.some((t) => t.kind === 'column' && t.table === table && this.lex.columnKind(table, t.column) !== 'id'))) continue;
      const names = this.lex.nameColumns(table);
      if (!names && this.bareName === null && this.values[0].op === '=') {
        // a table without a name column read by the column it shares with the value's ("the highest point in
        // maine": highlow.state_name holds the state names that state.state_name lists)
        const hit = this.sharedColumnHit(table, this.values[0].targets);
        if (hit) fits.push({ table, name: hit.name, value: hit.value, text: this.values[0].text });
        continue;
      }
      if (!names || names.length !== 1) continue;
      const name = names[0];
      if (this.bareName !== null) {
        if (mayBeName(this.lex, table)) fits.push({ table, name, value: this.bareName, text: this.bareName });
        continue;
      }
      const v = this.values[0];
      if (v.op !== '=') continue;
      const own = this.lex.column(table, name).sampleValues?.length ?? 0;
      const hit = v.targets.find(
        (t) => t.kind === 'value' && ((t.table === table && t.column === name) || (!own && t.column.toLowerCase() === name.toLowerCase())),
      ) as Extract<LexiconTarget, { kind: 'value' }> | undefined;
      if (hit) fits.push({ table, name, value: hit.value, text: v.text });
    }
    if (fits.length !== 1) return null;
    const { table, name, value, text } = fits[0];
    const columns = cols.map((m) => this.pickColumn(m.targets.filter((t) => t.kind === 'column' && t.table === table), [table], `"${m.text}"`));
    cols.forEach((m) => (m.used = true));
    this.values.length = 0;
    this.bareNameUsed = true;
    const filter: Filter = { kind: 'compare', ref: { table, column: name }, op: '=', value, label: `of ${text}` };
    return { kind: 'list', subject: table, filters: [filter], group: null, measure: null, limit: null, direction: 'asc', columns, lookup: true };
  }

  /**
   * A lookup whose row is named by one value and narrowed by the others, all in one table that holds the asked
   * columns: "the population of austin texas" is city.population where city_name = austin and state_name = texas.
   * Null unless exactly one table and one assignment of the values fit.
   */
  private buildQualifiedLookup(cols: MentionItem[]): ReadIntent | null {
    if (this.values.some((v) => v.op !== '=')) return null;
    const fits: Array<{ table: string; filters: Filter[]; namedFirst: boolean }> = [];
    for (const table of this.lex.tables.keys()) {
      if (!cols.every((m) => m.targets.some((t) => t.kind === 'column' && t.table === table && this.lex.columnKind(table, t.column) !== 'id'))) continue;
      const names = this.lex.nameColumns(table);
      if (!names || names.length !== 1) continue;
      const filters: Filter[] = [];
      let named = 0;
      for (const v of this.values) {
        const own = v.targets.filter((t) => t.kind === 'value' && t.table === table);
        const columns = new Set(own.map((t) => t.column));
        if (columns.size !== 1) break;
        const t = own[0] as Extract<LexiconTarget, { kind: 'value' }>;
        if (t.column === names[0]) named++;
        filters.push({ kind: 'compare', ref: { table, column: t.column }, op: '=', value: t.value, label: `of ${v.text}` });
      }
      if (filters.length === this.values.length && named === 1 && new Set(filters.map((f) => (f as { ref: ColumnRef }).ref.column)).size === filters.length) {
        fits.push({ table, filters, namedFirst: (filters[0] as { ref: ColumnRef }).ref.column === names[0] });
      }
    }
    // the name comes first and its qualifiers after ("austin texas" is the city austin, not the state texas)
    const best = fits.some((f) => f.namedFirst) ? fits.filter((f) => f.namedFirst) : fits;
    if (best.length !== 1) return null;
    const { table, filters } = best[0];
    const columns = cols.map((m) => this.pickColumn(m.targets.filter((t) => t.kind === 'column' && t.table === table), [table], `"${m.text}"`));
    cols.forEach((m) => (m.used = true));
    this.values.length = 0;
    return { kind: 'list', subject: table, filters, group: null, measure: null, limit: null, direction: 'asc', columns, lookup: true };
  }

  /** The one unsampled text column of `table` named like the column of a value target, with that value. */
  private sharedColumnHit(table: string, targets: PendingValue['targets']): { name: string; value: string } | null {
    const hits = targets
      .filter((t): t is Extract<LexiconTarget, { kind: 'value' }> => t.kind === 'value' && t.table !== table)
      .map((t) => ({ t, col: this.lex.table(table).columns.find((c) => c.name.toLowerCase() === t.column.toLowerCase() && !c.sampleValues?.length) }))
      .filter((h) => h.col && this.lex.columnKind(table, (h.col as { name: string }).name) !== 'number');
    const names = new Set(hits.map((h) => (h.col as { name: string }).name));
    return names.size === 1 ? { name: [...names][0], value: hits[0].t.value } : null;
  }

  private isManyToOne(from: string, to: string): boolean {
    try {
      const plan = this.planner.plan(from, [to]);
      return !plan.fansOut;
    } catch {
      return false;
    }
  }
}

