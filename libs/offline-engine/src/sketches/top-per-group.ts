/**
 * The top row per group: "the best-selling product in each category", "the most
 * expensive product in each category", "the largest city in each state". Per group, the row(s) of the ranked table
 * holding the extreme measure, ties kept; written by top-per-group-sql.ts as correlated subqueries (no window
 * functions), so it runs on every dialect.
 */
import { measureTable } from './intent-words';
import type { ColumnRef, GroupKey, Measure, ReadIntent } from './query-intent';
import { UnmappedQuestionError, type MentionItem } from '../linking/question-items';
import type { MeasureSpec, ReadState } from './read-state';
import { resolveMeasure } from './measure-resolver';

/**
 * The columns of `entity` that say which group a row belongs to: the group column itself when it is the entity's
 * own, else the columns of the one direct foreign key from the entity to the group's table. Null when the group is
 * further away (or the tables are linked otherwise), which the caller refuses.
 */
export function groupKeyColumns(b: Pick<ReadState, 'planner'>, entity: string, group: GroupKey): ColumnRef[] | null {
  if (group.kind === 'column') return group.ref.table === entity ? [group.ref] : null;
  if (group.kind !== 'table' || group.table === entity) return null;
  let plan;
  try {
    plan = b.planner.plan(entity, [group.table]);
  } catch {
    return null;
  }
  const step = plan.joins[0];
  if (plan.joins.length !== 1 || !step.manyToOne) return null;
  return step.on.map(([viaColumn]) => ({ table: entity, column: viaColumn }));
}

/**
 * The intent of "the <superlative> <row> in each <group>": `kind` top with `perGroup`, `subject` the ranked table,
 * `group` the group, `measure` a column of the ranked rows or an aggregate of rows that each belong to one of them
 * (the units of a product's sales lines), `limit` how many per group (1 unless a number is said). Refuses (throws
 * UnmappedQuestionError) a group not on the ranked row or one foreign key away, a measure of rows that do not each
 * belong to one ranked row, and conditions on other tables.
 */
export function buildTopPerGroup(
  b: ReadState,
  entity: MentionItem,
  groupItem: MentionItem,
  others: MentionItem[],
  spec: MeasureSpec,
): ReadIntent {
  const subject = b.firstTable(entity) as string;
  const groupTable = b.firstTable(groupItem);
  const fn = b.agg?.fn ?? (spec.kind === 'column' ? 'none' : 'sum');
  const anchors = [
    subject,
    ...(groupTable ? [groupTable] : []),
    ...others.map((m) => b.firstTable(m)).filter((t): t is string => !!t),
  ];
  const measure: Measure = resolveMeasure(
    b,
    spec,
    spec.kind === 'column' || spec.kind === 'attribute' ? [subject] : anchors,
    spec.kind === 'attribute' ? 'none' : spec.kind === 'rows' ? 'count' : fn,
  );
  const mTable = measureTable(measure);
  if (measure.fn === 'none' && mTable !== subject)
    throw new UnmappedQuestionError(`it could not tell how ${measure.label} ranks ${subject} in each group`);
  if (measure.fn !== 'none' && (mTable === subject || !b.isManyToOne(mTable, subject))) {
    throw new UnmappedQuestionError(`it could not tell how to add up ${measure.label} per row of ${subject}`);
  }
  const group = b.resolveGroup(subject);
  if (!group || group.kind === 'period' || !groupKeyColumns(b, subject, group))
    throw new UnmappedQuestionError(`it could not tell how "${groupItem.text}" groups ${subject}`);
  groupItem.used = true;
  const filters = b.resolveFilters(subject);
  if (filters.some((f) => f.ref.table !== subject || f.kind === 'related'))
    throw new UnmappedQuestionError(`it ranks ${subject} in each group only under conditions on ${subject} itself`);
  b.checkLeftovers(others, new Set([subject, mTable, group.kind === 'table' ? group.table : group.ref.table]));
  return {
    kind: 'top',
    subject,
    filters,
    group,
    measure,
    limit: b.topN ?? 1,
    direction: b.direction ?? 'desc',
    columns: [],
    ties: true,
    perGroup: true,
  };
}
