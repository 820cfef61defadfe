import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { type AstNode, identName, parseSql } from './sql-ast';

/** Columns a FROM source offers; null means "unknown, accept any name" (table function, VALUES, open subquery). */
type Columns = Set<string> | null;

interface Source {
  /** Names the source can be referred to by (alias and table name), lower case. */
  names: string[];
  /** Table or alias name used in messages. */
  label: string;
  columns: Columns;
  /** Lower-case schema the FROM item named (`sales` of `sales.orders`), '' when unqualified. */
  schema?: string;
}

interface Scope {
  sources: Source[];
  /** Output (select-list) aliases of the query this scope belongs to, usable in ORDER BY / GROUP BY / HAVING. */
  outputAliases: Set<string>;
  /** Set when the parser's AST is not understood well enough to judge unresolved names: report nothing then. */
  uncertain: boolean;
  parent: Scope | null;
  ctes: Map<string, Columns>;
}

/** Schemas whose tables are catalogs rather than user tables: never reported as unknown. */
const SYSTEM_SCHEMAS = new Set(['information_schema', 'pg_catalog', 'sys', 'mysql', 'performance_schema', 'temp']);

/**
 * Names that parse as bare column references but are not columns: implicit row ids (SQLite rowid/oid/_rowid_,
 * PostgreSQL system columns) and the date-part keywords of DATEADD/DATEDIFF/DATEPART/DATE_TRUNC/TIMESTAMPDIFF.
 */
const PSEUDO_COLUMNS = new Set([
  'rowid',
  'oid',
  '_rowid_',
  'ctid',
  'xmin',
  'xmax',
  'cmin',
  'cmax',
  'tableoid',
  'rownum',
  'year',
  'yy',
  'yyyy',
  'quarter',
  'qq',
  'q',
  'month',
  'mm',
  'm',
  'week',
  'wk',
  'ww',
  'isowk',
  'isoww',
  'day',
  'dd',
  'd',
  'dayofyear',
  'dy',
  'y',
  'weekday',
  'dw',
  'w',
  'hour',
  'hh',
  'minute',
  'mi',
  'n',
  'second',
  'ss',
  's',
  'millisecond',
  'ms',
  'microsecond',
  'mcs',
  'nanosecond',
  'ns',
  'epoch',
  'dow',
  'doy',
  'isodow',
  'isoyear',
  'century',
  'decade',
  'millennium',
  'timezone',
  'timezone_hour',
  'timezone_minute',
]);

/** Implicit row-id columns that a double-quoted name resolves to (SQLite "ROWID", PostgreSQL system columns). */
const ROW_ID_COLUMNS = new Set(['rowid', 'oid', '_rowid_', 'ctid', 'xmin', 'xmax', 'cmin', 'cmax', 'tableoid']);

/** How an unqualified double-quoted name resolves in its scope (see {@link resolveDoubleQuotedNames}). */
export type DoubleQuotedResolution = 'resolved' | 'unresolved' | 'unknown';

/** Keys of a SELECT node that hold no expression to check (FROM is handled separately). */
const NOT_EXPRESSIONS = new Set([
  'with',
  'from',
  '_next',
  'into',
  'type',
  'options',
  'loc',
  'locking_read',
  'for_update',
  'set_op',
]);

const lower = (s: string | null | undefined) => (s ?? '').toLowerCase();
const unwrap = (n: AstNode): AstNode => (n && typeof n === 'object' && n.ast && typeof n.ast === 'object' ? n.ast : n);

/**
 * Finds references to tables and columns that the schema does not have, so the model can be told what to fix
 * (docs/architecture.md step 7: "unknown tables or columns are errors fed back to step 6"). Returns messages such
 * as `unknown table "custmers"` or `unknown column "nme" in table "customers"`; an empty list when all is well.
 *
 * Scoping follows SQL name resolution: FROM/JOIN sources with their aliases (a table stays reachable by its
 * own name too), CTEs with their explicit or derived column lists, derived tables with `AS s(a, b)` lists,
 * correlated subqueries seeing every enclosing scope, select-list aliases allowed everywhere in the same query,
 * `*` and `t.*`, schema-qualified tables, quoted identifiers; comparisons ignore case. Built to avoid false
 * positives: a name is reported only when every source in scope has known columns and none has it; catalogs
 * (information_schema, pg_catalog, sqlite_*, sys, ...), tables in schemas the introspection does not cover,
 * table functions and shapes of the AST it does not understand silence the check. Unparseable SQL gives []
 * (classifySql reports it). Parsing uses the same grammar fallback as classifySql (parseSql); when SQLite text was
 * parsed with the PostgreSQL grammar, an unresolved unqualified `"name"` is not reported, because SQLite reads a
 * double-quoted name that matches no column as a string literal (SQLite manual, "Quirks, Caveats, and Gotchas",
 * section 8). Never throws.
 */
export function checkReferences(sql: string, dialect: Dialect, schema: DatabaseSchema): string[] {
  const parsed = parseSql(sql ?? '', dialect);
  if (!parsed.ok || parsed.statements.length !== 1) return [];
  try {
    const checker = new ReferenceChecker(schema, dialect === 'sqlite' && parsed.grammar !== 'sqlite');
    checker.statement(parsed.statements[0]);
    return [...checker.problems];
  } catch {
    // An AST shape this checker does not know: when in doubt, report nothing.
    return [];
  }
}

/**
 * Resolves every unqualified double-quoted name in an expression position of one parsed statement against the
 * schema, with the same scoping as {@link checkReferences}. Keys are the AST nodes themselves: a
 * `{ type: 'double_quote_string', value }` node (node-sql-parser's sqlite, mysql and mariadb grammars) or a
 * `column_ref` whose `column.expr` is one (postgresql grammar). `resolved`: the name is a column, alias or source in
 * scope; `unresolved`: it names nothing in scope, so SQLite with its legacy DQS behaviour would read it as a string
 * (SQLite manual, "Quirks, Caveats, and Gotchas", section 8, "Double-quoted String Literals Are Accepted");
 * `unknown`: a source's columns are unknown. Used by sql-repair.ts. Never throws (an AST it does not understand
 * gives an empty map).
 */
export function resolveDoubleQuotedNames(ast: AstNode, schema: DatabaseSchema): Map<AstNode, DoubleQuotedResolution> {
  const found = new Map<AstNode, DoubleQuotedResolution>();
  try {
    new ReferenceChecker(schema, false, found).statement(ast);
  } catch {
    return new Map();
  }
  return found;
}

/** Schema names that mean the default schema when a statement writes them (SQLite main, PostgreSQL public, T-SQL dbo). */
const DEFAULT_SCHEMA_NAMES = new Set(['main', 'public', 'dbo']);

/**
 * Columns of the introspected tables by schema and name (docs/architecture.md: a table is identified by schema and name), so
 * `sales.orders` and `archive.orders` keep their own columns. Introspectors give tables of the default schema a
 * null schema (catalog-assembly.ts).
 */
class TableColumns {
  private readonly byKey = new Map<string, Set<string>>();
  private readonly byName = new Map<string, Array<Set<string>>>();

  constructor(tables: DatabaseSchema['tables']) {
    for (const table of tables ?? []) {
      const name = lower(table.name);
      const key = `${lower(table.schema)}\u0000${name}`;
      const cols = this.byKey.get(key) ?? new Set<string>();
      for (const c of table.columns ?? []) cols.add(lower(c.name));
      if (!this.byKey.has(key)) {
        this.byKey.set(key, cols);
        this.byName.set(name, [...(this.byName.get(name) ?? []), cols]);
      }
    }
  }

  /**
   * Columns of the table `schema.name` (lower case; '' schema when unqualified), or undefined when the catalog
   * has no such table. A qualified name must match its schema (`main`, `public` and `dbo` also reach the default
   * schema). An unqualified name is the default schema's table; failing that, the database's search path decides,
   * which introspection does not record: the one table of that name in another schema, or the union of the
   * columns of all of them, so that nothing valid is reported.
   */
  lookup(schema: string, name: string): Set<string> | undefined {
    if (schema) {
      return (
        this.byKey.get(`${schema}\u0000${name}`) ??
        (DEFAULT_SCHEMA_NAMES.has(schema) ? this.byKey.get(`\u0000${name}`) : undefined)
      );
    }
    const own = this.byKey.get(`\u0000${name}`);
    if (own) return own;
    const named = this.byName.get(name);
    if (!named) return undefined;
    return named.length === 1 ? named[0] : new Set(named.flatMap((cols) => [...cols]));
  }

  /** True when some schema has a table of this lower-case name. */
  hasName(name: string): boolean {
    return this.byName.has(name);
  }
}

class ReferenceChecker {
  readonly problems = new Set<string>();
  private readonly tables: TableColumns;
  private readonly schemaNames = new Set<string>(DEFAULT_SCHEMA_NAMES);

  /**
   * @param doubleQuotedMayBeString an unqualified `"name"` that resolves to no column may be a string literal
   *   (SQLite text parsed by another grammar): never report it.
   * @param doubleQuoted when given, every unqualified double-quoted name in an expression position (a
   *   `double_quote_string` node, or a `column_ref` whose column is one) is resolved against its scope and recorded
   *   here instead of being reported.
   */
  constructor(
    schema: DatabaseSchema,
    private readonly doubleQuotedMayBeString = false,
    private readonly doubleQuoted: Map<AstNode, DoubleQuotedResolution> | null = null,
  ) {
    this.tables = new TableColumns(schema.tables);
    for (const table of schema.tables ?? []) if (table.schema) this.schemaNames.add(lower(table.schema));
  }

  /** Checks one top-level statement. */
  statement(ast: AstNode): void {
    const root: Scope = { sources: [], outputAliases: new Set(), uncertain: false, parent: null, ctes: new Map() };
    switch (ast?.type) {
      case 'select':
        this.query(ast, null, root.ctes);
        return;
      case 'insert':
      case 'replace':
        return this.insert(ast, root);
      case 'update':
      case 'delete':
        return this.updateOrDelete(ast, root);
      default:
        return; // DDL and admin statements name objects that need not exist yet.
    }
  }

  /** A query expression (a SELECT, possibly a set-operation chain through `_next`); returns its output columns. */
  private query(node: AstNode, parent: Scope | null, ctes: Map<string, Columns>): Columns {
    node = unwrap(node);
    if (!node || typeof node !== 'object') return null;
    if (node.type !== 'select') {
      // e.g. a data-modifying CTE body (INSERT ... RETURNING): check it, output unknown.
      const scope: Scope = { sources: [], outputAliases: new Set(), uncertain: false, parent, ctes };
      if (node.type === 'insert' || node.type === 'replace') this.insert(node, scope);
      else if (node.type === 'update' || node.type === 'delete') this.updateOrDelete(node, scope);
      return null;
    }
    const parts: AstNode[] = [];
    for (let p = node; p && typeof p === 'object'; p = p._next) parts.push(p);
    // ORDER BY after a set operation names output columns of any part.
    const shared = new Set<string>();
    for (const p of parts) for (const a of this.selectAliases(p)) shared.add(a);
    let out: Columns | undefined;
    for (const p of parts) {
      const cols = this.select(p, parent, ctes, parts.length > 1 ? shared : undefined);
      if (out === undefined) out = cols;
    }
    return out ?? null;
  }

  /** One SELECT without its `_next`; returns its output columns (null when some are unnamed or unknown). */
  private select(sel: AstNode, parent: Scope | null, outerCtes: Map<string, Columns>, shared?: Set<string>): Columns {
    const ctes = new Map(outerCtes);
    if (Array.isArray(sel.with)) {
      for (const cte of sel.with) {
        const name = lower(identName(cte?.name));
        const explicit = this.columnList(cte?.columns);
        ctes.set(name, explicit); // visible to its own body (WITH RECURSIVE)
        const body = this.query(cte?.stmt, parent, ctes);
        ctes.set(name, explicit ?? body);
      }
    }
    const scope: Scope = {
      sources: [],
      outputAliases: new Set([...this.selectAliases(sel), ...(shared ?? [])]),
      uncertain: false,
      parent,
      ctes,
    };
    const joinConditions: AstNode[] = [];
    const from = Array.isArray(sel.from) ? sel.from : sel.from ? [sel.from] : [];
    for (const item of from) {
      this.fromItem(item, scope);
      if (item?.on) {
        // node-sql-parser (postgresql) folds `JOIN b ON x, c` into an expression list: sources are then unsure.
        if (item.on.type === 'expr_list') scope.uncertain = true;
        else joinConditions.push(item.on);
      }
    }
    for (const cond of joinConditions) this.expr(cond, scope);
    for (const [key, value] of Object.entries(sel)) {
      if (NOT_EXPRESSIONS.has(key)) continue;
      this.expr(value, scope);
    }
    return this.outputColumns(sel, scope);
  }

  /** Registers one FROM/JOIN item as a source of `scope`. */
  private fromItem(item: AstNode, scope: Scope): void {
    if (!item || typeof item !== 'object' || item.type === 'dual') return;
    const { alias, aliasColumns } = parseAlias(item.as);
    if (item.expr && typeof item.expr === 'object') {
      const inner = unwrap(item.expr);
      if (inner?.type === 'select') {
        // Derived table (LATERAL may see earlier siblings, so the current scope is its parent).
        const cols = this.query(inner, scope, scope.ctes);
        scope.sources.push({ names: alias ? [alias] : [], label: alias ?? 'subquery', columns: aliasColumns ?? cols });
      } else {
        // Table function, VALUES list, ...: arguments are checked, its columns are unknown.
        this.expr(item.expr, scope);
        const fname = lower(identName(item.expr?.name)) || null;
        const names = [alias, fname].filter((x): x is string => !!x);
        scope.sources.push({ names, label: alias ?? fname ?? 'function', columns: null });
      }
      return;
    }
    const rawTable = typeof item.table === 'string' ? item.table : identName(item.table);
    if (!rawTable) {
      scope.uncertain = true;
      return;
    }
    const table = lower(rawTable);
    const db = lower(typeof item.db === 'string' ? item.db : identName(item.db)) || lower(identName(item.schema));
    const names = alias ? [alias, table] : [table];
    const cte = !db ? this.lookupCte(table, scope) : undefined;
    if (cte !== undefined) {
      scope.sources.push({ names, label: table, columns: aliasColumns ?? cte });
      return;
    }
    const schemaName = db.includes('.') ? '' : db;
    const columns = db.includes('.') ? undefined : this.tables.lookup(schemaName, table);
    const label = schemaName && !DEFAULT_SCHEMA_NAMES.has(schemaName) ? `${schemaName}.${table}` : table;
    if (columns) {
      scope.sources.push({ names, label, columns: aliasColumns ?? columns, schema: schemaName });
      return;
    }
    if (this.isReportableTable(table, db)) this.problems.add(`unknown table "${label}"`);
    scope.sources.push({ names, label, columns: null, schema: schemaName });
  }

  private lookupCte(name: string, scope: Scope): Columns | undefined {
    return scope.ctes.has(name) ? (scope.ctes.get(name) ?? null) : undefined;
  }

  /** An unknown table is reported only in the default namespace or a schema that the introspection covered. */
  private isReportableTable(table: string, db: string): boolean {
    if (table.startsWith('sqlite_') || table.startsWith('pg_') || /^[#@]/.test(table) || table === 'dual') return false;
    const parts = db ? db.split('.') : [];
    const schemaName = parts[parts.length - 1];
    if (!schemaName) return true;
    if (parts.some((p) => SYSTEM_SCHEMAS.has(p))) return false;
    return parts.length === 1 && this.schemaNames.has(schemaName);
  }

  /** Checks every column reference inside an expression tree; subqueries get `scope` as their parent. */
  private expr(node: AstNode, scope: Scope): void {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) this.expr(n, scope);
      return;
    }
    if (node.ast && typeof node.ast === 'object') {
      this.query(node.ast, scope, scope.ctes);
      return;
    }
    if (node.type === 'select') {
      this.query(node, scope, scope.ctes);
      return;
    }
    if (node.type === 'column_ref') {
      this.column(node, scope);
      return;
    }
    if (node.type === 'double_quote_string' && this.doubleQuoted) {
      this.doubleQuoted.set(node, this.resolveUnqualified(lower(String(node.value ?? '')), scope));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'name') continue; // function names are not columns
      this.expr(value, scope);
    }
  }

  /** Checks one column reference against the scope chain. */
  private column(ref: AstNode, scope: Scope): void {
    const rawColumn = typeof ref.column === 'string' ? ref.column : identName(ref.column);
    if (rawColumn === null) return;
    const column = lower(rawColumn);
    const table = lower(typeof ref.table === 'string' ? ref.table : identName(ref.table));
    const qualifiedBySchema = !!(ref.db || ref.schema);

    if (table) {
      const refSchema =
        lower(typeof ref.db === 'string' ? ref.db : identName(ref.db)) ||
        lower(typeof ref.schema === 'string' ? ref.schema : identName(ref.schema));
      const source = this.findSource(table, scope, refSchema);
      if (!source) {
        if (!qualifiedBySchema && !this.anyUncertain(scope) && !this.tables.hasName(table)) {
          this.problems.add(`unknown table or alias "${table}" in "${table}.${column}"`);
        }
        return;
      }
      if (column === '*' || source.columns === null || source.columns.has(column)) return;
      this.problems.add(`unknown column "${column}" in table "${source.label}"`);
      return;
    }

    if (this.doubleQuoted && ref.column?.expr?.type === 'double_quote_string' && !qualifiedBySchema) {
      this.doubleQuoted.set(ref, this.resolveUnqualified(column, scope));
      return;
    }
    if (column === '*' || PSEUDO_COLUMNS.has(column)) return;
    if (this.doubleQuotedMayBeString && ref.column?.expr?.type === 'double_quote_string') return;
    const inScope: Source[] = [];
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (s.uncertain || s.outputAliases.has(column)) return;
      for (const src of s.sources) {
        if (src.columns === null || src.columns.has(column) || src.names.includes(column)) return;
        inScope.push(src);
      }
    }
    if (inScope.length === 0) return; // SELECT without FROM: nothing to judge against
    const current = scope.sources;
    if (current.length === 1) this.problems.add(`unknown column "${column}" in table "${current[0].label}"`);
    else {
      const labels = [...new Set(inScope.map((s) => s.label))].join(', ');
      this.problems.add(`unknown column "${column}" (not in any of: ${labels})`);
    }
  }

  /**
   * Whether an unqualified name resolves to an identifier in scope, as SQLite decides for a double-quoted token:
   * a column of a source of this or an enclosing query, a select-list alias, a source's name, or an implicit row id.
   * `unknown` when a source's columns are unknown or the scope is not understood (then nothing is repaired).
   */
  private resolveUnqualified(column: string, scope: Scope): DoubleQuotedResolution {
    if (ROW_ID_COLUMNS.has(column)) return 'resolved';
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (s.uncertain) return 'unknown';
      if (s.outputAliases.has(column)) return 'resolved';
      for (const src of s.sources) {
        if (src.columns === null) return 'unknown';
        if (src.columns.has(column) || src.names.includes(column)) return 'resolved';
      }
    }
    return 'unresolved';
  }

  /** The source `name` refers to; with `schema` (a `schema.table.column` reference) one from that schema first. */
  private findSource(name: string, scope: Scope, schema = ''): Source | null {
    if (schema) {
      for (let s: Scope | null = scope; s; s = s.parent) {
        const match = s.sources.find((src) => src.schema === schema && src.names.includes(name));
        if (match) return match;
      }
    }
    for (let s: Scope | null = scope; s; s = s.parent) {
      // Prefer an alias match over a plain table-name match in the same scope.
      const byAlias = s.sources.find((src) => src.names[0] === name);
      const match = byAlias ?? s.sources.find((src) => src.names.includes(name));
      if (match) return match;
    }
    return null;
  }

  private anyUncertain(scope: Scope): boolean {
    for (let s: Scope | null = scope; s; s = s.parent) if (s.uncertain) return true;
    return false;
  }

  /** Select-list aliases (`AS x`) of one SELECT, lower case. */
  private selectAliases(sel: AstNode): string[] {
    const cols = Array.isArray(sel?.columns) ? sel.columns : [];
    return cols.map((c: AstNode) => lower(identName(c?.as))).filter((a: string) => a);
  }

  /** The output column names of a SELECT, or null when one is unnamed (an expression without alias) or unknown. */
  private outputColumns(sel: AstNode, scope: Scope): Columns {
    const cols = sel.columns;
    if (cols === '*') return this.starColumns(scope.sources);
    if (!Array.isArray(cols)) return null;
    const out = new Set<string>();
    for (const c of cols) {
      const alias = lower(identName(c?.as));
      if (alias) {
        out.add(alias);
        continue;
      }
      const e = c?.expr;
      // node-sql-parser's sqlite grammar reads every `"name"` of a select list as a double_quote_string: the output
      // column is named after it whether SQLite resolves it as a column or as a string (a name too many only
      // makes more names resolve, never reports one).
      if (e?.type === 'double_quote_string' && typeof e.value === 'string') {
        out.add(lower(e.value));
        continue;
      }
      if (e?.type !== 'column_ref') return null;
      const name = lower(typeof e.column === 'string' ? e.column : identName(e.column));
      if (name !== '*') {
        out.add(name);
        continue;
      }
      const table = lower(typeof e.table === 'string' ? e.table : identName(e.table));
      const sources = table ? scope.sources.filter((s) => s.names.includes(table)) : scope.sources;
      const star = this.starColumns(sources);
      if (star === null) return null;
      for (const n of star) out.add(n);
    }
    return out;
  }

  private starColumns(sources: Source[]): Columns {
    if (sources.length === 0) return null;
    const out = new Set<string>();
    for (const s of sources) {
      if (s.columns === null) return null;
      for (const c of s.columns) out.add(c);
    }
    return out;
  }

  /** `(a, b)` column lists of CTEs as node-sql-parser gives them (strings or column_ref nodes); null when absent. */
  private columnList(list: AstNode): Columns {
    if (!Array.isArray(list) || list.length === 0) return null;
    const out = new Set<string>();
    for (const c of list) {
      const name = typeof c === 'string' ? c : c?.type === 'column_ref' ? identName(c.column) : identName(c);
      if (!name) return null;
      out.add(lower(name));
    }
    return out;
  }

  /** INSERT/REPLACE: target table, its column list, and the VALUES or SELECT source. */
  private insert(ast: AstNode, scope: Scope): void {
    const targets = Array.isArray(ast.table) ? ast.table : [ast.table];
    const target: Scope = { ...scope, sources: [], parent: scope.parent };
    for (const t of targets) this.fromItem(t, target);
    const source = target.sources[0];
    if (source?.columns && Array.isArray(ast.columns)) {
      for (const c of ast.columns) {
        const name = lower(typeof c === 'string' ? c : identName(c?.column ?? c));
        if (name && !source.columns.has(name)) this.problems.add(`unknown column "${name}" in table "${source.label}"`);
      }
    }
    const values = ast.values;
    if (values && typeof values === 'object') {
      if (values.type === 'select' || values.ast) this.query(values, scope.parent, scope.ctes);
      else this.expr(values, { ...scope, sources: [] });
    }
    if (ast.select) this.query(ast.select, scope.parent, scope.ctes);
  }

  /** UPDATE/DELETE: target and FROM/USING tables as sources, then SET columns and WHERE. */
  private updateOrDelete(ast: AstNode, scope: Scope): void {
    const s: Scope = { ...scope, sources: [], outputAliases: new Set() };
    const items = [
      ...(Array.isArray(ast.table) ? ast.table : ast.table ? [ast.table] : []),
      ...(Array.isArray(ast.from) ? ast.from : ast.from ? [ast.from] : []),
    ];
    const seen = new Set<string>();
    for (const item of items) {
      const key = `${lower(identName(item?.table))}|${lower(identName(item?.as))}`;
      if (seen.has(key) && !item?.expr) continue;
      seen.add(key);
      this.fromItem(item, s);
      if (item?.on) this.expr(item.on, s);
    }
    if (Array.isArray(ast.set)) {
      for (const assignment of ast.set) {
        const name = lower(identName(assignment?.column));
        const table = lower(typeof assignment?.table === 'string' ? assignment.table : identName(assignment?.table));
        if (name) this.column({ type: 'column_ref', table: table || null, column: name }, s);
        this.expr(assignment?.value, s);
      }
    }
    this.expr(ast.where, s);
    this.expr(ast.orderby, s);
  }
}

/** Splits node-sql-parser's alias text `s(a, b)` into the alias and its column list. */
function parseAlias(as: AstNode): { alias: string | null; aliasColumns: Columns } {
  const text = typeof as === 'string' ? as : identName(as);
  if (!text) return { alias: null, aliasColumns: null };
  const m = /^\s*("?)([^"(]+)\1\s*\(([^)]*)\)\s*$/.exec(text);
  if (!m) return { alias: lower(text), aliasColumns: null };
  const cols = m[3]
    .split(',')
    .map((c) => lower(c.trim().replace(/^["`[]|["`\]]$/g, '')))
    .filter((c) => c);
  return { alias: lower(m[2].trim()), aliasColumns: cols.length ? new Set(cols) : null };
}
