import { AmbiguousQuestionError, independentReadings, qualifiedName, valueReading } from '../checks/ambiguous-reading';
import type { DateRange } from './date-range-parser';
import { cmpTuple, filterLabel } from './intent-words';
import type { JoinPlanner } from '../linking/join-planner';
import type { ParseOptions } from './parse-options';
import type { ColumnRef, CompareFilter, Filter, GroupKey, Measure } from './query-intent';
import { UnmappedQuestionError, type Item, type MentionItem } from '../linking/question-items';
import { FilterReader, mentionedTables, type PendingValue } from './filter-reader';
import { tableNoun, type LexiconTarget, type SchemaLexicon } from '../linking/schema-lexicon';
import { humanize, normalizedWords } from '../words/word-forms';
import type { MeasureSpec } from './read-state';

type ValueTarget = Extract<LexiconTarget, { kind: 'value' }>;

/**
 * The resolution half of the intent builder (intent-parser.ts): the question's items and filters, and how mentions
 * become columns, groups and filters of the schema (a column among candidates, the date column of a range, a value
 * stored in several columns asked back). ReadIntentBuilder extends it with the reading of the question's structure.
 * Internal to the engine.
 */
export abstract class IntentResolution {
  readonly filters: FilterReader;
  readonly values: PendingValue[];
  readonly labelValues: FilterReader['labelValues'];
  readonly pkValues: FilterReader['pkValues'];
  groupSpec: { kind: 'mention'; item: MentionItem } | { kind: 'period'; unit: 'year' | 'month' | 'day' } | null = null;
  measure: MeasureSpec | null = null;
  /** True once the question's conditions were turned into filters (resolveFilters): they were placed. */
  filtersResolved = false;

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

  /** The next item after index `k` not yet read (an "is" skipped), or undefined. */
  nextFree(k: number): Item | undefined {
    for (let j = k + 1; j < this.items.length; j++) {
      const it = this.items[j];
      if (it.t === 'kw' && it.kw === 'eq') continue;
      if (!it.used) return it;
    }
    return undefined;
  }

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
    if (ranked[0].s[1] === Infinity)
      throw new UnmappedQuestionError(`${what} is in a table not linked by foreign keys to the rest of the question`);
    const phrase = /^"(.*)"$/.exec(what)?.[1] ?? null;
    const reading = (c: (typeof cols)[number]) => ({
      label: `${humanize(c.column)} of ${tableNoun(this.lex.table(c.table))}`,
      phrase: phrase ?? '',
      replacement: qualifiedName(this.lex, c.table, c.column),
    });
    if (ranked.length > 1 && cmpTuple(ranked[0].s, ranked[1].s) === 0) {
      const tied = ranked.filter((r) => cmpTuple(r.s, ranked[0].s) === 0);
      const reason = `${what} could mean ${tied.map((r) => `${r.c.table}.${r.c.column}`).join(' or ')}`;
      if (phrase)
        throw new AmbiguousQuestionError(
          reason,
          tied.map((r) => reading(r.c)),
          `Which ${phrase} do you mean?`,
        );
      throw new UnmappedQuestionError(reason);
    }
    // a word fitting two columns with the signals split: the nearer column only contains the word
    // ("billing country"), a column one join further is named by it exactly ("country"), no table named decides
    const exactRival = ranked.find((r) => r.c.exact && r.s[0] === ranked[0].s[0] && r.s[1] <= ranked[0].s[1] + 1);
    if (phrase && !ranked[0].c.exact && exactRival && ranked[0].s[0] === 1) {
      throw new AmbiguousQuestionError(
        `${what} could mean ${ranked[0].c.table}.${ranked[0].c.column} or ${exactRival.c.table}.${exactRival.c.column}`,
        [reading(ranked[0].c), reading(exactRival.c)],
        `Which ${phrase} do you mean?`,
      );
    }
    return { table: ranked[0].c.table, column: ranked[0].c.column };
  }

  resolveGroup(anchor: string): GroupKey | null {
    const g = this.groupSpec;
    if (!g) return null;
    if (g.kind === 'period')
      return { kind: 'period', ref: this.dateColumn(anchor, `a grouping by ${g.unit}`), unit: g.unit };
    const table = this.firstTable(g.item);
    if (table && !g.item.targets.some((t) => t.kind === 'column' && t.exact)) return { kind: 'table', table };
    return { kind: 'column', ref: this.pickColumn(g.item.targets, [anchor], `"${g.item.text}"`) };
  }

  resolveFilters(anchor: string): Filter[] {
    this.filtersResolved = true;
    const filters: Filter[] = [];
    for (const v of this.values) {
      const first = this.resolveValue(v, anchor);
      if (!v.or?.length) {
        filters.push(first);
        continue;
      }
      // "pending or cancelled": one condition met by either value (IN over one column, OR over two)
      const parts = [first, ...v.or.map((o) => this.resolveAlternative(o, first, anchor))];
      // rows of another table joined in would drop the rows that meet the other part: one table only
      if (parts.some((p) => p.ref.table !== first.ref.table))
        throw new UnmappedQuestionError(
          `it joins conditions on ${[...new Set(parts.map((p) => p.ref.table))].join(' and ')} by "or", which it writes only within one table`,
        );
      filters.push({ kind: 'anyOf', ref: first.ref, parts, label: parts.map((p) => p.label).join(' or ') });
    }
    for (const l of this.labelValues) {
      const label = this.lex.labelColumns(anchor);
      if (label.length !== 1) throw new UnmappedQuestionError(`${anchor} has no single name column for "${l.value}"`);
      filters.push({
        kind: 'compare',
        ref: { table: anchor, column: label[0] },
        op: l.op,
        value: l.value,
        label: `named ${l.value}`,
      });
    }
    for (const p of this.pkValues) {
      const table = this.lex.table(p.table);
      filters.push({
        kind: 'compare',
        ref: { table: p.table, column: table.primaryKey[0] },
        op: '=',
        value: p.value,
        label: `${humanize(table.primaryKey[0])} ${p.value}`,
      });
    }
    if (this.range) {
      filters.push({
        kind: 'dateRange',
        ref: this.dateColumn(anchor, `"${this.range.label}"`),
        from: this.range.from,
        to: this.range.to,
        label: this.range.label,
      });
    }
    return filters;
  }

  /** The condition of one value of the question on the column it resolves to from `anchor` (see resolveFilters). */
  resolveValue(v: PendingValue, anchor: string): CompareFilter {
    const named = mentionedTables(this.items);
    const ranked = this.withSharedColumns(v.targets, anchor)
      .map((t) => ({
        t,
        s: [this.planner.distance(anchor, t.table), named.has(t.table) ? 0 : 1, -this.planner.incoming(t.table)],
      }))
      .sort((a, b) => cmpTuple(a.s, b.s));
    if (ranked[0].s[0] === Infinity)
      throw new UnmappedQuestionError(`"${v.text}" is in a table not linked to ${anchor}`);
    const best = ranked.filter((r) => cmpTuple(r.s, ranked[0].s) === 0);
    const columns = new Set(best.map((b) => `${b.t.table}.${b.t.column}`));
    if (columns.size > 1) {
      const reason = `"${v.text}" could mean ${[...columns].join(' or ')}`;
      // a stored value in two columns: each column is a reading to ask about
      if (best.every((b) => b.t.kind === 'value'))
        throw this.valueAmbiguity(
          reason,
          best.map((b) => b.t as ValueTarget),
          anchor,
          v,
        );
      throw new UnmappedQuestionError(reason);
    }
    const t = best[0].t;
    if (t.kind === 'value') {
      const rivals = independentReadings(t, v.targets, anchor, this.lex, this.planner);
      if (rivals.length)
        throw this.valueAmbiguity(
          `"${v.text}" is stored in ${[t, ...rivals].map((r) => `${r.table}.${r.column}`).join(' and ')}, which are not joined on it`,
          [t, ...rivals],
          anchor,
          v,
        );
    }
    const ref = { table: t.table, column: t.column };
    const value = t.kind === 'value' ? t.value : v.value;
    const isName =
      ref.table !== anchor &&
      this.lex.labelColumns(ref.table).length === 1 &&
      this.lex.labelColumns(ref.table)[0] === ref.column;
    const label = isName
      ? `${v.op === '=' ? 'in' : 'outside'} the ${value} ${tableNoun(this.lex.table(ref.table))}`
      : filterLabel(ref.column, v.op, value);
    return { kind: 'compare', ref, op: v.op, value, label };
  }

  /**
   * A value joined by "or" to an earlier one: its own condition, asked back when it also fits the earlier value's
   * column but resolves to another ("customers in Paris or Corporate" with Corporate also a city: the city Paris or
   * Corporate, or the city Paris or the segment Corporate).
   */
  resolveAlternative(v: PendingValue, first: CompareFilter, anchor: string): CompareFilter {
    const same = v.targets.filter(
      (t): t is ValueTarget => t.kind === 'value' && t.table === first.ref.table && t.column === first.ref.column,
    );
    const part = this.resolveValue(v, anchor);
    if (same.length && (part.ref.table !== first.ref.table || part.ref.column !== first.ref.column)) {
      const other = v.targets.find(
        (t): t is ValueTarget => t.kind === 'value' && t.table === part.ref.table && t.column === part.ref.column,
      );
      if (other)
        throw this.valueAmbiguity(
          `"${v.text}" after "or" could be another ${first.ref.column} or a ${part.ref.column}`,
          [same[0], other],
          anchor,
          v,
        );
    }
    return part;
  }

  /** The question asked back for a value stored in several columns: one reading a column (see ambiguous-reading.ts). */
  valueAmbiguity(reason: string, targets: ValueTarget[], anchor: string, v: PendingValue): AmbiguousQuestionError {
    const seen = new Set<string>();
    const distinct = targets.filter((t) => !seen.has(`${t.table}.${t.column}`) && !!seen.add(`${t.table}.${t.column}`));
    return new AmbiguousQuestionError(
      reason,
      distinct.map((t) => valueReading(this.lex, anchor, t, t.value, v.written ?? v.text)),
      `Which "${v.written ?? v.text}" do you mean?`,
    );
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
      if (col && !col.sampleValues?.length && this.lex.columnKind(anchor, col.name) !== 'number')
        shared.set(`${col.name}\u0000${t.value}`, { kind: 'value', table: anchor, column: col.name, value: t.value });
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
            const rank =
              words.join(' ') === `${tw.join(' ')} date` ||
              (tw.every((w) => words.includes(w)) && words.length > tw.length)
                ? 0
                : /^(date|created at|created|created on|creation date|timestamp)$/.test(words.join(' '))
                  ? 1
                  : 2;
            return { f, rank };
          })
          .sort((a, b) => a.rank - b.rank);
        if (ranked[0].rank < 2 && ranked[1].rank > ranked[0].rank) return ranked[0].f;
        throw new UnmappedQuestionError(
          `${what} could apply to ${found.map((f) => `${f.table}.${f.column}`).join(' or ')}`,
        );
      }
      const next: string[] = [];
      for (const t of frontier) {
        for (const fk of this.lex.table(t).foreignKeys) {
          const parent = [...this.lex.tables.keys()].find(
            (k) => this.lex.table(k).name.toLowerCase() === fk.referencedTable.toLowerCase(),
          );
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
    for (const f of filters) for (const part of f.kind === 'anyOf' ? f.parts : [f]) s.add(part.ref.table);
    if (group) s.add(group.kind === 'table' ? group.table : group.ref.table);
    if (measure)
      s.add(
        measure.expr.kind === 'rows'
          ? measure.expr.table
          : measure.expr.kind === 'column'
            ? measure.expr.ref.table
            : measure.expr.left.table,
      );
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
