import type { JoinPlanner } from '../linking/join-planner';
import type { CompareOp, Filter } from './query-intent';
import type { Item, MentionItem } from '../linking/question-items';
import { countOpWords, ORDERING_OPS } from './intent-words';
import { tableNoun, type SchemaLexicon } from '../linking/schema-lexicon';
import { pluralize } from '../words/word-forms';

/** A condition on the subject's related rows, and the subject table it belongs to. */
export interface RelationCondition {
  subject: string;
  filter: Extract<Filter, { kind: 'related' }>;
}

/**
 * Reads conditions on related rows (the anti-join and HAVING sketches) and marks their items used:
 * - `without R`, `with no R`, `never ... R`, `not ... R` -> no row of R points at the subject (= 0);
 * - `more than / at least / under / at most N R` -> the number of R rows pointing at the subject compares to N.
 * R is a table mention; the subject is the nearest table named before it from which every foreign key on the
 * shortest path leads from R towards it (R's rows belong to the subject's rows, e.g. orders -> customers, or
 * tracks -> albums -> artists). Items that fit no such reading are left for the other readers.
 */
export function readRelationConditions(
  items: Item[],
  lexicon: SchemaLexicon,
  planner: JoinPlanner,
): RelationCondition[] {
  const out: RelationCondition[] = [];
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    if (item.used || item.t !== 'kw') continue;
    let op: CompareOp;
    let count: number;
    let r = k + 1;
    if (item.kw === 'without' || item.kw === 'not') {
      op = '=';
      count = 0;
    } else if (ORDERING_OPS.has(item.kw) && items[k + 1]?.t === 'num') {
      const num = items[k + 1] as Extract<Item, { t: 'num' }>;
      if (!Number.isInteger(num.value) || num.value < 0 || num.used) continue;
      op = ORDERING_OPS.get(item.kw) as CompareOp;
      count = num.value;
      r = k + 2;
    } else continue;
    const related = items[r];
    if (related?.t !== 'mention' || related.used) continue;
    const relatedTable = tableOf(related);
    if (!relatedTable) continue;
    const subject = subjectBefore(items, k, relatedTable, planner);
    if (!subject) continue;
    const owned = ownedRows(relatedTable, subject.table, planner);
    if (!owned) continue;
    for (let m = k; m <= r; m++) items[m].used = true;
    const noun = pluralize(tableNoun(lexicon.table(relatedTable)));
    const label = op === '=' && count === 0 ? `without ${noun}` : `with ${countOpWords(op)} ${count} ${noun}`;
    out.push({
      subject: subject.table,
      filter: {
        kind: 'related',
        ref: { table: subject.table, column: owned.key },
        table: owned.table,
        op,
        count,
        label,
      },
    });
  }
  return out;
}

function tableOf(m: MentionItem): string | null {
  const t = m.targets.find((x) => x.kind === 'table');
  return t ? t.table : null;
}

/** The nearest table mention before index `k` whose rows own rows of `related` along many-to-one keys. */
function subjectBefore(items: Item[], k: number, related: string, planner: JoinPlanner): { table: string } | null {
  for (let j = k - 1; j >= 0; j--) {
    const it = items[j];
    if (it.t !== 'mention') continue;
    const table = tableOf(it);
    if (!table || table === related) continue;
    if (ownedRows(related, table, planner)) return { table };
  }
  return null;
}

/**
 * The rows that stand for `related` rows belonging to a `subject` row: `related` itself when its rows belong to
 * the subject's (see keyReferenced), else the one bridge table whose rows belong to both ("products never ordered":
 * order_items rows belong to a product and to an order), with the subject column the rows point at; else null.
 */
function ownedRows(related: string, subject: string, planner: JoinPlanner): { table: string; key: string } | null {
  const direct = keyReferenced(related, subject, planner);
  if (direct) return { table: related, key: direct };
  const bridges: Array<{ table: string; key: string }> = [];
  for (const bridge of planner.tables()) {
    if (
      bridge === related ||
      bridge === subject ||
      planner.distance(bridge, subject) !== 1 ||
      planner.distance(bridge, related) !== 1
    )
      continue;
    const key = keyReferenced(bridge, subject, planner);
    if (key && keyReferenced(bridge, related, planner)) bridges.push({ table: bridge, key });
  }
  return bridges.length === 1 ? bridges[0] : null;
}

/**
 * The subject column that the last foreign key of the shortest path from `related` to `subject` references, when
 * every step of that path is many-to-one (a row of `related` belongs to one row of `subject`); else null.
 */
export function keyReferenced(related: string, subject: string, planner: JoinPlanner): string | null {
  try {
    const plan = planner.plan(related, [subject]);
    if (plan.fansOut || plan.joins.length === 0) return null;
    const last = plan.joins[plan.joins.length - 1];
    return last.table === subject && last.on.length === 1 ? last.on[0][1] : null;
  } catch {
    return null;
  }
}
