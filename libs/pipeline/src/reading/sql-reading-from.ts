/**
 * The FROM clause of a SQL reading (sql-reading.ts): the tables in scope, the joins named by their relation when the
 * schema's foreign keys give one ("orders joined to their customers"; else "joined with"), and the correlation of a
 * subquery with its outer row.
 */
import { conjuncts } from './sql-reading-conditions';
import {
  columnTerm,
  findTable,
  listWords,
  nameOf,
  singular,
  words,
  type ColumnTerm,
  type Node,
  type ReadingContext,
  type Scope,
  type Source,
} from './sql-reading-phrases';

/** One join of the FROM clause and how it is worded. */
export interface Join {
  target: Source;
  anchor: Source | null;
  /** their: a foreign key named like the table; on: a foreign key named otherwise; with: no key known; cross: no condition. */
  kind: 'their' | 'on' | 'with' | 'cross';
  outer: 'left' | 'right' | 'full' | null;
  keyWords: string | null;
  /** The anchor holds the foreign key: each anchor row meets at most one target row. */
  manyToOne: boolean;
}

/** The FROM clause read: the scope, the joins, and the conditions left for the WHERE reading (join conditions taken out). */
export interface FromReading {
  scope: Scope;
  joins: Join[];
  conditions: Node[];
  /** Correlation conditions recognised as a relation to the outer row (removed from `conditions`). */
  related: number;
}

/**
 * Reads the FROM clause of one SELECT into its scope (tables by alias; CTEs and derived tables mark the reading
 * partial) and its joins: an explicit join's ON equalities, a USING list, or (for comma joins) WHERE equalities
 * linking the table to an earlier one name the join; other ON conditions of an inner join are returned as conditions
 * (an outer join's are left out and the reading marked partial). In a subquery (`outer` given), WHERE equalities
 * tying it to the outer row by a relation (see correlation below) are counted in `related` and taken out.
 */
export function readFrom(ast: Node, outer: Scope | null, ctx: ReadingContext): FromReading {
  const items: Node[] = Array.isArray(ast.from) ? ast.from : [];
  const sources = fromSources(ast, items, ctx);
  const aliases = new Map<string, Node>();
  for (const column of Array.isArray(ast.columns) ? ast.columns : []) {
    const alias = nameOf(column?.as);
    if (alias) aliases.set(alias.toLowerCase(), column.expr);
  }
  const scope: Scope = {
    sources,
    main: sources[0] ?? null,
    parent: outer,
    aliases,
    shared: sharedColumns(ast, sources),
  };
  const where: WhereConjuncts = { conditions: conjuncts(ast.where), consumed: new Set<number>() };
  const extra: Node[] = [];
  const joins = items.slice(1).map((item, k) => readJoin(item, k + 1, scope, where, extra, ctx));
  let related = 0;
  const conditions = [...extra];
  where.conditions.forEach((c, k) => {
    if (where.consumed.has(k)) return;
    if (outer && correlation(c, scope, ctx)) related++;
    else conditions.push(c);
  });
  return { scope, joins, conditions, related };
}

/** The WHERE clause's conjuncts and the indexes of those a comma join took as its condition. */
interface WhereConjuncts {
  conditions: Node[];
  consumed: Set<number>;
}

/**
 * The sources of the FROM items, in order (CTE names recognised); a table read twice (a self-join) is told apart by
 * its aliases: "employees e", "employees m".
 */
function fromSources(ast: Node, items: Node[], ctx: ReadingContext): Source[] {
  const ctes = new Set<string>(
    (Array.isArray(ast.with) ? ast.with : []).map((w: Node) => String(nameOf(w?.name) ?? '').toLowerCase()),
  );
  const sources = items.map((item) => sourceOf(item, ctes, ctx));
  for (const source of sources) {
    const twins = sources.filter((s) => s.words === source.words);
    if (twins.length < 2) continue;
    for (const twin of twins) {
      if (twin.key === twin.name.toLowerCase()) continue;
      twin.words = `${twin.words} ${words(twin.key)}`;
      twin.prefix = `${twin.prefix} ${words(twin.key)}`;
    }
  }
  return sources;
}

/**
 * The join of the FROM item at index `i` (from 1): its ON equalities, USING list or, for a comma join, the WHERE
 * equalities linking it to an earlier table (marked consumed). Other ON conditions of an inner join go to `extra`;
 * an outer join's mark the reading partial.
 */
function readJoin(
  item: Node,
  i: number,
  scope: Scope,
  where: WhereConjuncts,
  extra: Node[],
  ctx: ReadingContext,
): Join {
  const { sources } = scope;
  const target = sources[i];
  const type = String(item.join ?? '').toUpperCase();
  const outerJoin = type.includes('LEFT')
    ? 'left'
    : type.includes('RIGHT')
      ? 'right'
      : type.includes('FULL')
        ? 'full'
        : null;
  const pairs: Array<{ anchor: Source; mine: string; theirs: string }> = [];
  const earlier = (s: Source | null) => !!s && s !== target && sources.indexOf(s) < i;
  const link = (c: Node): boolean => {
    const eq = columnEquality(c, scope, ctx);
    if (!eq) return false;
    const [mine, theirs] =
      eq[0].source === target && earlier(eq[1].source)
        ? eq
        : eq[1].source === target && earlier(eq[0].source)
          ? [eq[1], eq[0]]
          : [null, null];
    if (!mine || !theirs) return false;
    pairs.push({ anchor: theirs.source!, mine: mine.name, theirs: theirs.name });
    return true;
  };
  if (item.on) {
    for (const c of conjuncts(item.on)) {
      if (link(c)) continue;
      if (outerJoin) ctx.partial = true;
      else extra.push(c);
    }
  } else if (Array.isArray(item.using)) {
    for (const u of item.using) {
      const name = nameOf(u);
      const anchor =
        sources.slice(0, i).find((s) => s.table?.columns.some((c) => c.name.toLowerCase() === name?.toLowerCase())) ??
        sources[0];
      if (name && anchor) pairs.push({ anchor, mine: name, theirs: name });
    }
  } else if (!type.includes('CROSS')) {
    where.conditions.forEach((c, k) => {
      if (!where.consumed.has(k) && link(c)) where.consumed.add(k);
    });
  }
  return joinOf(target, pairs, outerJoin, ctx);
}

/** Column names that this SELECT (not its subqueries) qualifies with two or more of its tables: `b.state_name`, `s.state_name`. */
function sharedColumns(ast: Node, sources: Source[]): Set<string> {
  const owners = new Map<string, Set<Source>>();
  const seen = new Set<Node>();
  const visit = (node: Node): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === 'column_ref' && node.table) {
      const qualifier = String(nameOf(node.table) ?? '').toLowerCase();
      const source = sources.find((s) => s.key === qualifier);
      const name = String(nameOf(node.column) ?? '').toLowerCase();
      if (source && name) owners.set(name, (owners.get(name) ?? new Set<Source>()).add(source));
      return;
    }
    for (const key of Object.keys(node))
      if (key !== 'loc' && key !== 'ast' && key !== '_next' && key !== 'with') visit(node[key]);
  };
  visit([ast.columns, ast.from, ast.where, ast.groupby, ast.having, ast.orderby]);
  return new Set([...owners].filter(([, set]) => set.size > 1).map(([name]) => name));
}

function sourceOf(item: Node, ctes: Set<string>, ctx: ReadingContext): Source {
  const alias = nameOf(item?.as);
  if (typeof item?.table === 'string') {
    const db = typeof item.db === 'string' ? item.db : null;
    const cte = !db && ctes.has(item.table.toLowerCase());
    if (cte) ctx.partial = true;
    return {
      key: (alias ?? item.table).toLowerCase(),
      name: item.table,
      words: words(item.table),
      prefix: singular(words(item.table)),
      table: cte ? null : findTable(ctx.schema, item.table, db),
      kind: cte ? 'cte' : 'table',
    };
  }
  ctx.partial = true;
  const named = alias ? words(alias) : null;
  const text = named ? (named.includes('subquery') ? named : `subquery ${named}`) : 'a subquery';
  return {
    key: (alias ?? '').toLowerCase(),
    name: alias ?? '',
    words: text,
    prefix: text,
    table: null,
    kind: 'derived',
  };
}

/** `a.x = b.y` between two columns of this scope's tables, as their terms; else null. */
function columnEquality(node: Node, scope: Scope, ctx: ReadingContext): [ColumnTerm, ColumnTerm] | null {
  if (
    node?.type !== 'binary_expr' ||
    node.operator !== '=' ||
    node.left?.type !== 'column_ref' ||
    node.right?.type !== 'column_ref'
  )
    return null;
  const a = columnTerm(node.left, scope, ctx);
  const b = columnTerm(node.right, scope, ctx);
  if (!a?.source || !b?.source || a.outer || b.outer || a.source === b.source) return null;
  return [a, b];
}

function joinOf(
  target: Source,
  pairs: Array<{ anchor: Source; mine: string; theirs: string }>,
  outerJoin: Join['outer'],
  ctx: ReadingContext,
): Join {
  if (pairs.length === 0)
    return {
      target,
      anchor: null,
      kind: outerJoin ? 'with' : 'cross',
      outer: outerJoin,
      keyWords: null,
      manyToOne: false,
    };
  const anchor = pairs[0].anchor;
  const mine = pairs.filter((p) => p.anchor === anchor);
  const forward = foreignKey(
    anchor,
    target,
    mine.map((p) => [p.theirs, p.mine]),
  );
  const backward = forward
    ? null
    : foreignKey(
        target,
        anchor,
        mine.map((p) => [p.mine, p.theirs]),
      );
  if (!ctx.schema || (!forward && !backward) || mine.length !== pairs.length) {
    return { target, anchor, kind: 'with', outer: outerJoin, keyWords: null, manyToOne: false };
  }
  const key = (forward ?? backward)!;
  const named = forward
    ? relationName(key) === singular(target.words) || relationName(key) === target.words
    : relationName(key) === singular(anchor.words) || relationName(key) === anchor.words;
  return {
    target,
    anchor,
    kind: named ? 'their' : 'on',
    outer: outerJoin,
    keyWords: words(key.join(' ')),
    manyToOne: !!forward,
  };
}

/** The foreign-key columns of `from` that reference `to` through exactly these column pairs ([from column, to column]); else null. */
function foreignKey(from: Source, to: Source, pairs: Array<[string, string]>): string[] | null {
  if (!from.table || !to.table || pairs.length === 0) return null;
  const lower = (s: string) => s.toLowerCase();
  const target = lower(to.table.name);
  for (const fk of from.table.foreignKeys ?? []) {
    const referenced = lower(fk.referencedTable).split('.').pop();
    if (referenced !== target || fk.columns.length !== pairs.length) continue;
    if (
      fk.columns.every((c, k) =>
        pairs.some(([f, t]) => lower(f) === lower(c) && lower(t) === lower(fk.referencedColumns[k] ?? '')),
      )
    )
      return fk.columns;
  }
  return null;
}

/** The words a foreign key names its relation by: `customer_id` -> "customer". */
function relationName(columns: string[]): string {
  return words(columns.join(' ')).replace(/ id$/, '');
}

/**
 * A subquery condition tying an inner column to the outer row by a relation: a foreign key of the schema, or the
 * naming convention `<table>_id = id` (`rel1.customer_id = customers.id`). Such a condition is what makes "orders"
 * read as "their orders", so it is not repeated as a condition.
 */
function correlation(node: Node, scope: Scope, ctx: ReadingContext): boolean {
  if (node?.type !== 'binary_expr' || node.operator !== '=') return false;
  const a = columnTerm(node.left, scope, ctx);
  const b = columnTerm(node.right, scope, ctx);
  if (!a?.source || !b?.source || a.outer === b.outer) return false;
  const [inner, outer] = a.outer ? [b, a] : [a, b];
  if (
    foreignKey(inner.source!, outer.source!, [[inner.name, outer.name]]) ||
    foreignKey(outer.source!, inner.source!, [[outer.name, inner.name]])
  )
    return true;
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const refers = (x: ColumnTerm, y: ColumnTerm) => {
    const owner = norm(singular(words(y.source!.name)));
    return norm(x.name) === `${owner}id` && (norm(y.name) === 'id' || norm(y.name) === `${owner}id`);
  };
  return refers(inner, outer) || refers(outer, inner);
}

/** The tables read, in words: "orders joined to their customers", "order items joined to their orders and orders to their customers". */
export function subjectText(main: Source | null, joins: Join[]): string {
  if (!main) return '';
  if (joins.length === 0) return main.words;
  const parts = joins.map((j) => {
    const t = j.target.words;
    const from = j.anchor && j.anchor !== main && (j.kind === 'their' || j.kind === 'on') ? `${j.anchor.words} ` : '';
    if (j.outer === 'right' || j.outer === 'full') return `with ${t} (${j.outer} join)`;
    if (j.kind === 'cross') return `with every row of ${t}`;
    if (j.kind === 'with') return `with ${t}${j.outer === 'left' ? ' if any' : ''}`;
    const to = j.kind === 'their' ? `to their ${t}` : `to ${t} on ${j.keyWords}`;
    return `${from}${to}${j.outer === 'left' ? ' if any' : ''}`;
  });
  return `${main.words} joined ${listWords(parts)}`;
}
