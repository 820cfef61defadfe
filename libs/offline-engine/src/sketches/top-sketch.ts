/**
 * The top-N and superlative sketch of the offline engine (docs/architecture.md "The offline engine"): rows or groups
 * ranked by a measure (ties kept in the singular), or the top row per group (top-per-group.ts). Filled from the
 * state ReadIntentBuilder read; throws UnmappedQuestionError when a slot cannot be filled with confidence.
 */
import { measureTable } from './intent-words';
import type { ColumnRef, GroupKey, Measure, ReadIntent } from './query-intent';
import { UnmappedQuestionError, type MentionItem } from '../linking/question-items';
import { pickColumnsOf, type MeasureSpec, type ReadState } from './read-state';
import { resolveMeasure } from './measure-resolver';
import { buildTopPerGroup } from './top-per-group';

/** The ranked entity of a top sketch and the columns shown of its winning rows (empty: the sketch's default). */
interface RankedEntity {
  entity: MentionItem | undefined;
  shown: ColumnRef[];
}

/** What a ranking of rows or of groups is written from, once its entity and measure are known. */
interface Ranking {
  entity: MentionItem;
  spec: MeasureSpec;
  /** Columns shown of the winning rows (empty: the sketch's default). */
  shown: ColumnRef[];
  /** The question's other mentions not yet used. */
  others: MentionItem[];
  /** How many rows or groups are kept. */
  limit: number;
  direction: 'asc' | 'desc';
}

/** The top-N and superlative sketch: rows or groups ranked by a measure (ties kept in the singular), or the top row per group. */
export function buildTop(b: ReadState, mentions: MentionItem[]): ReadIntent {
  const { entity: entityItem, shown } = rankedEntity(b, mentions);
  const groupItem = b.groupSpec?.kind === 'mention' ? b.groupSpec.item : null;
  const entity = entityItem ?? groupItem;
  if (!entity) throw new UnmappedQuestionError('it could not tell what to rank');
  entity.used = true;
  const entityTable = b.firstTable(entity);
  const entityIsTable =
    !!entityTable &&
    !entity.targets.some((t) => t.kind === 'column' && t.exact && b.lex.columnKind(t.table, t.column) === 'text');
  const spec = b.measure;
  if (groupItem && entity !== groupItem) {
    // "the most expensive product in each category": the top row(s) of each group
    if (entityIsTable && spec && !shown.length)
      return buildTopPerGroup(
        b,
        entity,
        groupItem,
        mentions.filter((m) => m !== entity && !m.used),
        spec,
      );
    throw new UnmappedQuestionError('it could not tell whether to rank or to group');
  }
  if (!spec) throw new UnmappedQuestionError('it could not tell by what to rank');
  const ranking: Ranking = {
    entity,
    spec,
    shown,
    limit: b.topN ?? (entity.plural ? b.options.defaultTopN : 1),
    direction: b.direction ?? 'desc',
    others: mentions.filter((m) => m !== entity && !m.used),
  };
  if (shown.length && !entityTable) throw new UnmappedQuestionError(`it could not tell what to rank`);
  if (entityIsTable) return buildTopRows(b, ranking, entityTable as string);
  return buildTopGroups(b, ranking);
}

/**
 * The entity a top sketch ranks: the first named table or text column; columns named before the ranked table
 * (nestedSuperlative) or a name column of a table named later (nameColumnOwner) move it to that table and are shown.
 */
function rankedEntity(b: ReadState, mentions: MentionItem[]): RankedEntity {
  // the entity ranked: the first named table or text column not used by a filter or measure
  let ranked: RankedEntity = {
    entity: mentions.find((m) =>
      m.targets.some(
        (t) => t.kind === 'table' || (t.kind === 'column' && b.lex.columnKind(t.table, t.column) === 'text'),
      ),
    ),
    shown: [],
  };
  ranked = nestedSuperlative(b, mentions) ?? ranked;
  const col = ranked.entity;
  if (col && !b.firstTable(col)) ranked = nameColumnOwner(b, mentions, col) ?? ranked;
  return ranked;
}

/**
 * "the population of the state with the largest area", "the capital of the largest state": columns named before
 * the ranked table are read from the winning row (a nested superlative); null unless every mention before the first
 * table names a non-key column of it and a column measure is ranked without an aggregate.
 */
function nestedSuperlative(b: ReadState, mentions: MentionItem[]): RankedEntity | null {
  const tableAt = mentions.findIndex((m) => b.firstTable(m));
  if (tableAt <= 0 || b.measure?.kind !== 'column' || b.agg) return null;
  const table = b.firstTable(mentions[tableAt]) as string;
  const lead = mentions.slice(0, tableAt);
  if (
    !lead.every((m) =>
      m.targets.some((t) => t.kind === 'column' && t.table === table && b.lex.columnKind(table, t.column) !== 'id'),
    )
  )
    return null;
  const shown = pickColumnsOf(b, lead, table);
  return { entity: mentions[tableAt], shown };
}

/**
 * "the names of the top 3 restaurants": the name column mention `col` of a table named in another mention shows
 * that table's rows, which are ranked; null when no mention names a table whose name column `col` names.
 */
function nameColumnOwner(b: ReadState, mentions: MentionItem[], col: MentionItem): RankedEntity | null {
  const owner = mentions.find(
    (m) =>
      m !== col &&
      col.targets.some(
        (t) =>
          t.kind === 'column' && t.table === b.firstTable(m) && (b.lex.nameColumns(t.table) ?? []).includes(t.column),
      ),
  );
  if (!owner) return null;
  const table = b.firstTable(owner) as string;
  const names = b.lex.nameColumns(table) ?? [];
  const shown = col.targets
    .filter((t) => t.kind === 'column' && t.table === table && names.includes(t.column))
    .map((t) => ({ table, column: (t as { column: string }).column }));
  col.used = true;
  return { entity: owner, shown };
}

/**
 * Ranking the rows of table `subject` by the measure, or the groups of its rows when the measure is an aggregate
 * of another table ("the customers who spent the most"); a column of another table is a superlative across a join
 * (superlativeAcrossJoin). Ties are kept when one row is asked for without a number.
 */
function buildTopRows(b: ReadState, r: Ranking, subject: string): ReadIntent {
  const { spec, others, entity } = r;
  const fn = b.agg?.fn ?? (spec.kind === 'column' ? 'none' : 'sum');
  const anchors =
    spec.kind === 'column'
      ? [subject]
      : [subject, ...others.map((m) => b.firstTable(m)).filter((t): t is string => !!t)];
  const measure = resolveMeasure(
    b,
    spec,
    anchors,
    spec.kind === 'attribute' || spec.kind === 'rows' ? (spec.kind === 'rows' ? 'count' : 'none') : fn,
  );
  const mTable = measureTable(measure);
  if (measure.fn === 'none' && mTable !== subject) return superlativeAcrossJoin(b, r, subject, measure);
  const group: GroupKey | null =
    mTable === subject && (measure.fn === 'none' || measure.expr.kind !== 'rows') && measure.fn === 'none'
      ? null
      : { kind: 'table', table: subject };
  if (mTable === subject && measure.expr.kind === 'rows')
    throw new UnmappedQuestionError(`it could not tell how to count ${subject} per ${subject}`);
  const filters = b.resolveFilters(mTable);
  b.checkLeftovers(others, new Set([subject, mTable, ...b.tablesOf(filters, group, measure)]));
  // "which state has the largest area", "which employee sold the most": every row or group holding the extreme
  // value, not an arbitrary first one
  const ties = b.topN === null && !entity.plural;
  return {
    kind: 'top',
    subject: mTable,
    filters,
    group,
    measure,
    limit: r.limit,
    direction: r.direction,
    columns: group === null ? r.shown : [],
    ...(ties ? { ties } : {}),
  };
}

/**
 * A superlative across a join: "what state has the longest river" is the state of the longest river, the one row
 * of the measure's table with its owner's label columns. Throws UnmappedQuestionError unless one row of each is
 * asked for and a mention names the measure's table.
 */
function superlativeAcrossJoin(b: ReadState, r: Ranking, subject: string, measure: Measure): ReadIntent {
  const mTable = measureTable(measure);
  const owner = r.others.find((m) => b.firstTable(m) === mTable);
  if (!owner || r.entity.plural || owner.plural || b.topN !== null)
    throw new UnmappedQuestionError(`it could not tell how to add up ${measure.label} per ${subject}`);
  owner.used = true;
  const filters = b.resolveFilters(mTable);
  const columns =
    r.shown.length && r.shown.every((c) => c.table === subject)
      ? r.shown
      : b.lex.labelColumns(subject).map((column) => ({ table: subject, column }));
  b.checkLeftovers(
    r.others.filter((m) => m !== owner),
    new Set([subject, mTable, ...b.tablesOf(filters, null, measure)]),
  );
  return {
    kind: 'top',
    subject: mTable,
    filters,
    group: null,
    measure,
    limit: 1,
    direction: r.direction,
    columns,
    ties: true,
  };
}

/**
 * Ranking groups of a column: "which country's customers spent the most". Throws UnmappedQuestionError when the
 * measure is not an aggregate or the column is not categorical (no sample values listed in the schema).
 */
function buildTopGroups(b: ReadState, r: Ranking): ReadIntent {
  const { entity, spec, others } = r;
  const anchorTables = others.map((m) => b.firstTable(m)).filter((t): t is string => !!t);
  const columnAnchor = anchorTables[0] ?? (entity.targets.find((t) => t.kind === 'column') as { table: string }).table;
  const measure = resolveMeasure(b, spec, [columnAnchor], spec.kind === 'rows' ? 'count' : (b.agg?.fn ?? 'sum'));
  const base = measureTable(measure);
  const ref = b.pickColumn(entity.targets, [base, ...anchorTables], `"${entity.text}"`);
  if (measure.fn === 'none')
    throw new UnmappedQuestionError(`it could not tell how to add up ${measure.label} per ${ref.column}`);
  // grouping needs a categorical column (one whose few values the schema lists); a column of near-unique names
  // ("which capital has the largest population") asks about rows, which the engine cannot tell from groups
  if (!b.lex.column(ref.table, ref.column).sampleValues?.length) {
    throw new UnmappedQuestionError(`it could not tell whether "${entity.text}" means one row or a group of rows`);
  }
  const filters = b.resolveFilters(base);
  const group: GroupKey = { kind: 'column', ref };
  b.checkLeftovers(others, new Set([base, ...anchorTables, ...b.tablesOf(filters, group, measure)]));
  const ties = b.topN === null && !entity.plural;
  return {
    kind: 'top',
    subject: base,
    filters,
    group,
    measure,
    limit: r.limit,
    direction: r.direction,
    columns: [],
    ...(ties ? { ties } : {}),
  };
}
