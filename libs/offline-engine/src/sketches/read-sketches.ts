/**
 * The query sketches of the offline engine (docs/architecture.md "The offline engine"): once ReadIntentBuilder has
 * read a question's structure, the sketch it selects fills its slots from the builder's resolved mentions: a count,
 * an aggregate, a list, or a lookup of one row's columns ("what is the capital of X"); the top-N and superlative
 * sketch is in top-sketch.ts. Each throws UnmappedQuestionError when a slot cannot be filled with confidence.
 */
import { buildValueLookup } from '../linking/value-lookup';
import { aliasOf, measureTable, pluralWords, singularNoun } from './intent-words';
import type { ColumnRef, Filter, Measure, ReadIntent } from './query-intent';
import { UnmappedQuestionError, type MentionItem } from '../linking/question-items';
import { mayBeName, type PendingValue } from './filter-reader';
import { type LexiconTarget } from '../linking/schema-lexicon';
import { humanize, normalizedWords } from '../words/word-forms';

import { pickColumnsOf, type ReadState } from './read-state';
import { resolveMeasure } from './measure-resolver';

/** The count sketch: rows of the counted table (or distinct values of a column), filtered and optionally grouped. */
export function buildCount(b: ReadState, mentions: MentionItem[]): ReadIntent {
  if (b.countDistinct) {
    const anchorTable = mentions.map((m) => b.firstTable(m)).find((t) => t) ?? null;
    const ref = b.pickColumn(b.countDistinct.targets, anchorTable ? [anchorTable] : [], `"${b.countDistinct.text}"`);
    // "the total number of credits" over a numeric column is its sum or its value, never a count of its values
    if (b.lex.columnKind(ref.table, ref.column) === 'number' && !b.listDistinct) {
      throw new UnmappedQuestionError(
        `it could not tell whether "${b.countDistinct.text}" is to be added up or its values counted`,
      );
    }
    if (anchorTable) mentions.forEach((m) => b.firstTable(m) === anchorTable && (m.used = true));
    const filters = b.resolveFilters(ref.table);
    const group = b.resolveGroup(ref.table);
    b.checkLeftovers(mentions, new Set([ref.table, ...b.tablesOf(filters, group, null)]));
    if (b.listDistinct && !b.countTarget && !b.items.some((i) => i.t === 'kw' && i.kw === 'count')) {
      return {
        kind: 'list',
        subject: ref.table,
        filters,
        group: { kind: 'column', ref },
        measure: null,
        limit: null,
        direction: 'asc',
        columns: [ref],
      };
    }
    const measure: Measure = {
      fn: 'count',
      expr: { kind: 'column', ref },
      alias: `${aliasOf(ref.column)}_count`,
      label: `number of different ${pluralWords(humanize(ref.column))}`,
      money: false,
    };
    return { kind: 'count', subject: ref.table, filters, group, measure, limit: null, direction: 'desc', columns: [] };
  }
  const subject = b.firstTable(b.countTarget as MentionItem) as string;
  const filters = b.resolveFilters(subject);
  const group = b.resolveGroup(subject);
  const noun = humanize(b.lex.table(subject).name);
  const measure: Measure = {
    fn: 'count',
    expr: { kind: 'rows', table: subject },
    alias: `${aliasOf(singularNoun(noun))}_count`,
    label: `number of ${pluralWords(noun)}`,
    money: false,
  };
  if (b.measure) throw new UnmappedQuestionError('it could not tell whether to count or to add up');
  b.checkLeftovers(mentions, new Set([subject, ...b.tablesOf(filters, group, measure)]));
  return { kind: 'count', subject, filters, group, measure, limit: null, direction: 'desc', columns: [] };
}

/** The aggregate sketch: a sum, average, minimum or maximum (and any asked beside it) of one table's rows, optionally grouped. */
export function buildAggregate(b: ReadState, mentions: MentionItem[]): ReadIntent {
  const fn = b.agg?.fn ?? 'sum';
  const spec = b.measure;
  if (!spec) throw new UnmappedQuestionError('it could not tell what to aggregate');
  // anchors: the group's table and tables the question names
  const tableMentions = mentions.filter((m) => b.firstTable(m) && !m.targets.some((t) => t.kind === 'column'));
  const groupTable = b.groupSpec?.kind === 'mention' ? b.firstTable(b.groupSpec.item) : null;
  let anchors: string[] = [];
  if (spec.kind === 'column') {
    const hinted = tableMentions.map((m) => b.firstTable(m) as string);
    anchors = hinted.length ? hinted : [];
  } else {
    anchors = [...(groupTable ? [groupTable] : []), ...tableMentions.map((m) => b.firstTable(m) as string)];
    if (b.groupSpec?.kind === 'mention' && !groupTable)
      anchors.push(
        ...b.groupSpec.item.targets
          .filter((t) => t.kind === 'column')
          .map((t) => t.table)
          .slice(0, 1),
      );
    for (const v of b.values) if (v.targets.length === 1) anchors.push(v.targets[0].table);
  }
  const measure = resolveMeasure(b, spec, anchors, fn);
  const base = measureTable(measure);
  // "the highest rated product": a superlative of another table's column right before a table ranks that table's
  // rows (by which aggregate of their ratings is not said), never the maximum rating itself
  const ranked =
    (fn === 'max' || fn === 'min') && b.measureItem ? b.items[b.items.indexOf(b.measureItem) + 1] : undefined;
  if (ranked?.t === 'mention' && !ranked.glue && b.firstTable(ranked) && b.firstTable(ranked) !== base) {
    throw new UnmappedQuestionError(
      `it could not tell how "${b.measureItem?.text} ${ranked.text}" ranks ${b.firstTable(ranked)} by ${measure.label}`,
    );
  }
  // "the maximum and minimum price": more values of the same rows, each over the measure's table
  const moreMeasures = b.moreAggs.map((a) =>
    resolveMeasure(b, a.spec ?? spec, a.spec ? [base, ...anchors] : anchors, a.fn),
  );
  if (moreMeasures.some((m) => measureTable(m) !== base || m.expr.kind !== measure.expr.kind))
    throw new UnmappedQuestionError(
      'it asks for aggregates of different rows, which one statement does not add up together',
    );
  if (new Set([measure, ...moreMeasures].map((m) => m.alias)).size !== moreMeasures.length + 1)
    throw new UnmappedQuestionError('it asks for the same aggregate twice');
  tableMentions.forEach((m) => (m.used = true));
  const filters = b.resolveFilters(base);
  // "average discount per order item": each row is its own group, so the average is over the rows
  const resolved = b.resolveGroup(base);
  const group = resolved?.kind === 'table' && resolved.table === base ? null : resolved;
  const used = new Set([base, ...b.tablesOf(filters, group, measure), ...anchors]);
  b.checkLeftovers(mentions, used);
  for (const t of used)
    if (b.planner.distance(base, t) === Infinity)
      throw new UnmappedQuestionError(`${t} is not linked to ${base} by foreign keys`);
  return {
    kind: 'aggregate',
    subject: base,
    filters,
    group,
    measure,
    limit: null,
    direction: 'desc',
    columns: [],
    ...(moreMeasures.length ? { moreMeasures } : {}),
  };
}

/** The list sketch: rows of the named table with their filters and asked columns, or a lookup when no table is named. */
export function buildList(b: ReadState, mentions: MentionItem[]): ReadIntent {
  const subjectItem = mentions.find((m) => b.firstTable(m));
  if (!subjectItem) {
    const lookup = buildLookup(b, mentions) ?? buildValueLookup(b, mentions);
    if (lookup) return lookup;
    if (b.values.length) throw new UnmappedQuestionError('it found a value to filter on but no table to list');
    const columnsOnly = columnsOfOneTable(b, mentions);
    if (columnsOnly) return columnsOnly;
    throw new UnmappedQuestionError('it found no table that the question names');
  }
  subjectItem.used = true;
  const subject = b.firstTable(subjectItem) as string;
  if (b.groupSpec) {
    // "orders per channel": a count per group
    b.countTarget = subjectItem;
    return buildCount(b, mentions);
  }
  const filters = b.resolveFilters(subject);
  const columns: ColumnRef[] = [];
  const listed: MentionItem[] = [];
  for (const m of mentions) {
    if (m.used) continue;
    // `table.*` (the engine's restated questions): every column of the subject or of a row it holds one to one
    if (m.star) {
      const table = m.targets[0].table;
      if (table !== subject && !b.planner.sameRows(subject, table) && !b.isManyToOne(subject, table))
        throw new UnmappedQuestionError(`it could not tell how "${m.text}" fits the question`);
      for (const t of m.targets) if (t.kind === 'column') columns.push({ table: t.table, column: t.column });
      listed.push(m);
      m.used = true;
      continue;
    }
    // a column of the subject or of a row each subject row points to; a column of many rows per subject row
    // ("the state with the highest point" against highlow) is a relation the list cannot show
    const cols = m.targets.filter(
      (t) =>
        t.kind === 'column' &&
        (t.table === subject || (b.planner.distance(subject, t.table) <= 1 && b.isManyToOne(subject, t.table))),
    );
    const table = b.firstTable(m);
    // "the name of the artist": the table after "of" owns the column (any row each subject row leads to) and is
    // not listed again
    const owner = b.items[b.items.indexOf(m) + 1];
    const ownerTable =
      owner?.t === 'mention' && !owner.used && /^of( the)?$/.test(owner.glue ?? '') ? b.firstTable(owner) : null;
    const owned =
      ownerTable && (ownerTable === subject || b.isManyToOne(subject, ownerTable))
        ? m.targets.filter((t) => t.kind === 'column' && t.table === ownerTable)
        : [];
    if (cols.length || owned.length) {
      const picked = b.pickColumn(owned.length ? owned : cols, [subject], `"${m.text}"`);
      columns.push(picked);
      listed.push(m);
      m.used = true;
      if (owned.length && owner) owner.used = true;
    } else if (table && b.isManyToOne(subject, table)) {
      for (const c of b.lex.labelColumns(table)) columns.push({ table, column: c });
      m.used = true;
    } else {
      throw new UnmappedQuestionError(`it could not tell how "${m.text}" fits the question`);
    }
  }
  if (columns.length && columns.every((c) => c.table !== subject)) {
    columns.unshift(...b.lex.table(subject).columns.map((c) => ({ table: subject, column: c.name })));
  } else if (columns.length && b.items.indexOf(subjectItem) < Math.min(...listed.map((m) => b.items.indexOf(m)))) {
    // "the cities in the US and their population": the rows named first, then the columns asked for
    const names = (b.lex.nameColumns(subject) ?? []).filter(
      (n) => !columns.some((c) => c.table === subject && c.column === n),
    );
    columns.unshift(...names.map((column) => ({ table: subject, column })));
  }
  return { kind: 'list', subject, filters, group: null, measure: null, limit: null, direction: 'asc', columns };
}

/**
 * "list the student ids", "show the titles and years": columns named exactly (their full names) that belong to
 * one table, listed from it (filters and date ranges of the question apply); null otherwise.
 */
function columnsOfOneTable(b: ReadState, mentions: MentionItem[]): ReadIntent | null {
  const free = mentions.filter((m) => !m.used);
  if (!free.length || b.range || b.labelValues.length || b.pkValues.length) return null;
  const exact = free.map((m) =>
    m.targets.filter((t): t is Extract<LexiconTarget, { kind: 'column' }> => t.kind === 'column' && t.exact),
  );
  if (exact.some((e) => !e.length)) return null;
  let tables = [...new Set(exact[0].map((t) => t.table))].filter((table) =>
    exact.every((e) => e.some((t) => t.table === table)),
  );
  // a key shared by several tables belongs to the table it is named after: student_id -> student
  if (tables.length > 1) {
    tables = tables.filter((table) => {
      const tw = b.lex.tableWords(table).join(' ');
      return exact.every((e) =>
        e.some((t) => t.table === table && normalizedWords(t.column).join(' ').startsWith(`${tw} `)),
      );
    });
  }
  if (tables.length !== 1) return null;
  const [table] = tables;
  const columns = exact.map((e) => ({
    table,
    column: (e.find((t) => t.table === table) as { column: string }).column,
  }));
  free.forEach((m) => (m.used = true));
  return {
    kind: 'list',
    subject: table,
    filters: [],
    group: null,
    measure: null,
    limit: null,
    direction: 'asc',
    columns,
  };
}

/**
 * "what is the capital of texas": columns read from the one row (or rows) of a table named by a value of its name
 * column. The value names the row when it is a stored value of that name column, or of a same-named column whose
 * values the schema does list (see withSharedColumns), or unknown words after "of" (bareName) when the table's
 * name column is not listed. Exactly one table may fit every named column and the value; else null (refused).
 */
export function buildLookup(b: ReadState, mentions: MentionItem[]): ReadIntent | null {
  const cols = mentions.filter((m) => !m.used);
  if (!cols.length || cols.some((m) => !m.targets.some((t) => t.kind === 'column'))) return null;
  // "the population density of maine": one column or two? (the words of a compound name are not known)
  if (cols.some((m) => m.joined))
    throw new UnmappedQuestionError(
      `it could not tell whether ${cols.map((m) => `"${m.text}"`).join(' ')} names one column or several`,
    );
  const valueCount = b.values.length + (b.bareName !== null ? 1 : 0);
  if (
    valueCount < 1 ||
    (valueCount > 1 && b.bareName !== null) ||
    b.labelValues.length ||
    b.pkValues.length ||
    b.range ||
    b.groupSpec
  )
    return null;
  // "the population of austin texas": one value names the row, the others narrow it in the same table
  if (b.values.length > 1) return buildQualifiedLookup(b, cols);
  const fits: Array<{ table: string; name: string; value: string; text: string }> = [];
  for (const table of b.lex.tables.keys()) {
    if (
      !cols.every((m) =>
        m.targets.some((t) => t.kind === 'column' && t.table === table && b.lex.columnKind(table, t.column) !== 'id'),
      )
    )
      continue;
    const names = b.lex.nameColumns(table);
    if (!names && b.bareName === null && b.values[0].op === '=') {
      // a table without a name column read by the column it shares with the value's ("the highest point in
      // maine": highlow.state_name holds the state names that state.state_name lists)
      const hit = sharedColumnHit(b, table, b.values[0].targets);
      if (hit) fits.push({ table, name: hit.name, value: hit.value, text: b.values[0].text });
      continue;
    }
    if (!names || names.length !== 1) continue;
    const name = names[0];
    if (b.bareName !== null) {
      if (mayBeName(b.lex, table)) fits.push({ table, name, value: b.bareName, text: b.bareName });
      continue;
    }
    const v = b.values[0];
    if (v.op !== '=') continue;
    const own = b.lex.column(table, name).sampleValues?.length ?? 0;
    const hit = v.targets.find(
      (t) =>
        t.kind === 'value' &&
        ((t.table === table && t.column === name) || (!own && t.column.toLowerCase() === name.toLowerCase())),
    ) as Extract<LexiconTarget, { kind: 'value' }> | undefined;
    if (hit) fits.push({ table, name, value: hit.value, text: v.text });
  }
  if (fits.length !== 1) return null;
  const { table, name, value, text } = fits[0];
  const columns = pickColumnsOf(b, cols, table);
  b.values.length = 0;
  b.bareNameUsed = true;
  const filter: Filter = { kind: 'compare', ref: { table, column: name }, op: '=', value, label: `of ${text}` };
  return {
    kind: 'list',
    subject: table,
    filters: [filter],
    group: null,
    measure: null,
    limit: null,
    direction: 'asc',
    columns,
    lookup: true,
  };
}

/**
 * A lookup whose row is named by one value and narrowed by the others, all in one table that holds the asked
 * columns: "the population of austin texas" is city.population where city_name = austin and state_name = texas.
 * Null unless exactly one table and one assignment of the values fit.
 */
function buildQualifiedLookup(b: ReadState, cols: MentionItem[]): ReadIntent | null {
  if (b.values.some((v) => v.op !== '=')) return null;
  const fits: Array<{ table: string; filters: Filter[]; namedFirst: boolean }> = [];
  for (const table of b.lex.tables.keys()) {
    if (
      !cols.every((m) =>
        m.targets.some((t) => t.kind === 'column' && t.table === table && b.lex.columnKind(table, t.column) !== 'id'),
      )
    )
      continue;
    const names = b.lex.nameColumns(table);
    if (!names || names.length !== 1) continue;
    const filters: Filter[] = [];
    let named = 0;
    for (const v of b.values) {
      const own = v.targets.filter((t) => t.kind === 'value' && t.table === table);
      const columns = new Set(own.map((t) => t.column));
      if (columns.size !== 1) break;
      const t = own[0] as Extract<LexiconTarget, { kind: 'value' }>;
      if (t.column === names[0]) named++;
      filters.push({
        kind: 'compare',
        ref: { table, column: t.column },
        op: '=',
        value: t.value,
        label: `of ${v.text}`,
      });
    }
    if (
      filters.length === b.values.length &&
      named === 1 &&
      new Set(filters.map((f) => (f as { ref: ColumnRef }).ref.column)).size === filters.length
    ) {
      fits.push({ table, filters, namedFirst: (filters[0] as { ref: ColumnRef }).ref.column === names[0] });
    }
  }
  // the name comes first and its qualifiers after ("austin texas" is the city austin, not the state texas)
  const best = fits.some((f) => f.namedFirst) ? fits.filter((f) => f.namedFirst) : fits;
  if (best.length !== 1) return null;
  const { table, filters } = best[0];
  const columns = pickColumnsOf(b, cols, table);
  b.values.length = 0;
  return {
    kind: 'list',
    subject: table,
    filters,
    group: null,
    measure: null,
    limit: null,
    direction: 'asc',
    columns,
    lookup: true,
  };
}

/** The one unsampled text column of `table` named like the column of a value target, with that value. */
function sharedColumnHit(
  b: ReadState,
  table: string,
  targets: PendingValue['targets'],
): { name: string; value: string } | null {
  const hits = targets
    .filter((t): t is Extract<LexiconTarget, { kind: 'value' }> => t.kind === 'value' && t.table !== table)
    .map((t) => ({
      t,
      col: b.lex
        .table(table)
        .columns.find((c) => c.name.toLowerCase() === t.column.toLowerCase() && !c.sampleValues?.length),
    }))
    .filter((h) => h.col && b.lex.columnKind(table, (h.col as { name: string }).name) !== 'number');
  const names = new Set(hits.map((h) => (h.col as { name: string }).name));
  return names.size === 1 ? { name: [...names][0], value: hits[0].t.value } : null;
}
