import type { Dialect, SqlClassification } from '@nlq/contracts';
import {
  REFUSED_LEADING_KEYWORDS,
  refusedCatalogReason,
  refusedFunctionReason,
  refusedProcedureReason,
} from './refused-rules';
import { type AstNode, functionName, identName, parseSql, walkAst } from './sql-ast';
import { identifierText, type SqlToken, tokenizeSql, type TokenizedSql } from './sql-tokenizer';

const WRITE_TYPES = new Set(['insert', 'update', 'delete', 'replace', 'merge', 'upsert']);

const refused = (reason: string, statementType?: string, tables: string[] = []): SqlClassification => ({
  kind: 'refused',
  reason,
  ...(statementType ? { statementType } : {}),
  tables,
});

/**
 * Classifies one SQL statement for the policy step (docs/architecture.md steps 7 and 8) by parsing it with
 * node-sql-parser in the dialect's grammar and walking the whole AST; never by substring search.
 *
 * The parse falls back to a close grammar (MariaDB -> MySQL, SQLite -> PostgreSQL) when the dialect's own rejects
 * the SQL and both read its quotes and comments alike (see parseSql in sql-ast.ts); statements are still counted
 * by the dialect's tokenizer and the fallback AST gets the same full walk.
 *
 * - `refused`: empty; not exactly one statement (counted both by a dialect-aware tokenizer that knows quotes and
 *   comments and by the parser); unparseable (reason names the dialect and carries the parser's message); MySQL
 *   executable comments;
 *   an always-refused statement (ATTACH, DETACH, PRAGMA, VACUUM INTO, COPY, LOAD, DO, BULK INSERT, EXEC of sp_* /
 *   xp_*); a call of a refused function anywhere (see refused-rules.ts); a read of a catalog holding credentials
 *   or other sessions' activity (the dialect's refused-catalogs list, see refusedCatalogReason); SELECT ... INTO
 *   OUTFILE/DUMPFILE.
 * - `read`: a SELECT (with WITH, UNION, subqueries) containing no write node, no INTO and no locking clause.
 * - `write`: INSERT, UPDATE, DELETE, REPLACE, MERGE/upsert, a SELECT holding a data-modifying CTE, or a SELECT with
 *   FOR UPDATE / FOR SHARE / LOCK IN SHARE MODE.
 * - `ddl`: every other parsed statement (CREATE, ALTER, DROP, TRUNCATE, RENAME, GRANT, REVOKE, SET, LOCK, CALL,
 *   EXEC, USE, SHOW, EXPLAIN, transaction control, ...) and SELECT ... INTO a new table or variable.
 *
 * `statementType` is the parsed top-level type in lower case; `tables` lists the referenced tables, lower case,
 * without schema prefix, without CTE names, sorted. Never throws.
 */
export function classifySql(sql: string, dialect: Dialect): SqlClassification {
  const lexed = tokenizeSql(sql ?? '', dialect);
  const lexRefusal = lexedRefusal(lexed, dialect);
  if (lexRefusal) return refused(lexRefusal);

  const parsed = parseSql(sql, dialect);
  if (!parsed.ok) return refused(`could not parse as ${dialect} SQL: ${parsed.error}`);
  if (parsed.statements.length === 0) return refused('empty SQL: no statement found');
  if (parsed.statements.some((s) => typeof s?.type !== 'string')) {
    return refused(`not a statement the ${parsed.grammar} grammar recognises`);
  }
  if (parsed.statements.length > 1) {
    return refused(`${parsed.statements.length} statements found; exactly one is allowed`);
  }

  const ast = parsed.statements[0];
  const statementType = String(ast.type).toLowerCase();
  const tables = referencedTables(parsed.tableList, ast);
  const intoTable = typeof ast.into?.expr === 'string' ? ast.into.expr.toLowerCase() : null;
  if (intoTable && !tables.includes(intoTable)) tables.push(intoTable);
  tables.sort();

  const { refusal, writeNode } = walkFindings(ast);
  if (refusal) return refused(refusal, statementType, tables);
  const catalogRefusal = refusedCatalogReason(parsed.tableList, dialect);
  if (catalogRefusal) return refused(catalogRefusal, statementType, tables);
  return classifyStatement(ast, statementType, tables, writeNode);
}

/**
 * Why the tokenized SQL is refused before parsing (classifySql's first checks), or null: unreadable, empty, more
 * than one statement, a MySQL executable comment, `#` in SQLite, or an always-refused leading keyword.
 */
function lexedRefusal(lexed: TokenizedSql, dialect: Dialect): string | null {
  if (lexed.error) return `could not read the SQL: ${lexed.error}`;
  if (lexed.statements.length === 0) return 'empty SQL: no statement found';
  if (lexed.statements.length > 1) return `${lexed.statements.length} statements found; exactly one is allowed`;
  if (lexed.executableComment)
    return 'MySQL executable comments (/*! ... */) are not allowed: the server runs their content';
  // SQLite reads `#name` as a bound parameter while node-sql-parser's sqlite grammar skips `#...` as a comment, so the
  // parsed tree would not be the statement SQLite runs: refuse rather than classify a text the two read differently.
  if (dialect === 'sqlite' && lexed.statements[0].some((t) => t.type === 'punct' && t.text === '#'))
    return '"#" is not allowed in SQLite SQL: SQLite reads #name as a parameter, the parser as a comment';
  return leadingKeywordRefusal(lexed.statements[0], dialect);
}

/**
 * Walks the whole AST once and collects what decides the class: the first refusal (a refused function, SELECT ...
 * INTO OUTFILE/DUMPFILE) and the type of a write node below the top-level statement (a data-modifying CTE).
 */
function walkFindings(ast: AstNode): { refusal: string | null; writeNode: string | null } {
  let refusal: string | null = null;
  let writeNode: string | null = null;
  walkAst(ast, (node) => {
    if (refusal) return;
    const type = typeof node.type === 'string' ? node.type.toLowerCase() : null;
    if (type === 'function' || type === 'aggr_func') {
      const name = functionName(node);
      const why = name ? refusedFunctionReason(name) : null;
      if (why) refusal = `function ${name}() is never allowed: it ${why}`;
    }
    if (type && WRITE_TYPES.has(type) && node !== ast) writeNode = type;
    if (type === 'select' && node.into) {
      const keyword = String(node.into.keyword ?? '').toUpperCase();
      if (keyword === 'OUTFILE' || keyword === 'DUMPFILE') refusal = `SELECT ... INTO ${keyword} writes server files`;
    }
  });
  return { refusal, writeNode };
}

/**
 * The class of a parsed statement that passed every refusal: ATTACH and LOAD DATA refused, EXEC by its procedure,
 * a SELECT read unless it writes (a data-modifying CTE), locks rows or selects INTO; writes by type; else ddl.
 */
function classifyStatement(
  ast: AstNode,
  statementType: string,
  tables: string[],
  writeNode: string | null,
): SqlClassification {
  switch (statementType) {
    case 'attach':
      return refused('ATTACH opens another database file and is never allowed', statementType, tables);
    case 'load_data':
      return refused('LOAD DATA reads server files and is never allowed', statementType, tables);
    case 'exec': {
      const proc = identName(ast.module?.table ?? ast.module) ?? '';
      const why = refusedProcedureReason(proc) ?? (proc ? null : 'EXEC of dynamic SQL is never allowed');
      if (why) return refused(`EXEC ${proc}: ${why}`, statementType, tables);
      return { kind: 'ddl', statementType, tables };
    }
    case 'select': {
      if (writeNode) {
        const reason = `the query contains a data-modifying ${String(writeNode).toUpperCase()} (e.g. in a CTE)`;
        return { kind: 'write', reason, statementType, tables };
      }
      const lock = selectLocking(ast);
      if (lock) return { kind: 'write', reason: `${lock} takes row locks`, statementType, tables };
      const into = selectInto(ast);
      if (into) return { kind: 'ddl', reason: into, statementType, tables };
      return { kind: 'read', statementType, tables };
    }
    default:
      if (WRITE_TYPES.has(statementType)) return { kind: 'write', statementType, tables };
      return { kind: 'ddl', statementType, tables };
  }
}

/**
 * Trims the SQL, drops trailing semicolons and any comments or whitespace around them, for execution after the
 * classifier said yes: `"  SELECT 1; -- done\n"` -> `"SELECT 1"`. Quotes and comments follow `dialect`'s rules
 * (PostgreSQL's when omitted). Text that cannot be tokenized (an unterminated quote) is only trimmed.
 * Classify the normalized text, so what runs is exactly what was checked.
 */
export function normalizeSql(sql: string, dialect: Dialect = 'postgresql'): string {
  const text = sql ?? '';
  const lexed = tokenizeSql(text, dialect);
  if (lexed.error) return text.trim();
  let last = lexed.tokens.length - 1;
  while (last >= 0 && lexed.tokens[last].type === 'semicolon') last--;
  if (last < 0) return '';
  // Leading comments stay (they may carry optimizer hints); everything after the last token goes.
  return text.slice(0, lexed.tokens[last].end).trim();
}

/** Refusal reason when the single statement starts with an always-refused keyword, else null. */
function leadingKeywordRefusal(tokens: SqlToken[], dialect: Dialect): string | null {
  const words = tokens.map((t) => (t.type === 'word' ? t.text.toUpperCase() : null));
  const first = words[0];
  if (!first) return null;
  for (const rule of REFUSED_LEADING_KEYWORDS) {
    if (first !== rule.keyword) continue;
    if (rule.next && !words.slice(1).includes(rule.next)) continue;
    return rule.reason;
  }
  if ((first === 'EXEC' || first === 'EXECUTE') && dialect === 'transactsql') {
    // EXEC [@ret =] [server.][db.][schema.]proc ... | EXEC ('dynamic sql')
    let i = 1;
    if (tokens[i]?.type === 'punct' && tokens[i].text === '@') i += 2;
    if (tokens[i]?.text === '=') i++;
    const nString =
      /^N$/i.test(tokens[i]?.text ?? '') && tokens[i + 1]?.type === 'string' && tokens[i + 1].start === tokens[i].end;
    if (tokens[i]?.text === '(' || tokens[i]?.type === 'string' || nString) {
      return 'EXEC of dynamic SQL is never allowed';
    }
    // name ( '.' name? )*: `master..xp_cmdshell` leaves the schema empty
    let proc = '';
    while (tokens[i] && (tokens[i].type === 'word' || tokens[i].type === 'quoted')) {
      proc = identifierText(tokens[i]);
      i++;
      while (tokens[i]?.text === '.') i++;
      if (tokens[i - 1]?.text !== '.') break;
    }
    const why = refusedProcedureReason(proc);
    if (why) return `EXEC ${proc}: ${why}`;
  }
  return null;
}

/** The locking clause of a SELECT (FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE, ...), or null. */
function selectLocking(ast: AstNode): string | null {
  let lock: string | null = null;
  walkAst(ast, (node) => {
    if (lock || node.type !== 'select') return;
    const value = node.locking_read ?? node.for_update ?? node.lock ?? null;
    if (value) lock = typeof value === 'string' ? value.toUpperCase() : 'a locking clause';
  });
  return lock;
}

/** Why a SELECT with an INTO target is DDL (new table) or admin (variables), or null without INTO. */
function selectInto(ast: AstNode): string | null {
  let why: string | null = null;
  walkAst(ast, (node) => {
    if (why || node.type !== 'select' || !node.into || node.into.expr == null) return;
    why =
      node.into.keyword === 'var' ? 'SELECT ... INTO variables sets session state' : 'SELECT ... INTO creates a table';
  });
  return why;
}

/** Table names from the parser's `type::db::table` list, lower case, without schema, minus CTE names. */
function referencedTables(tableList: string[], ast: AstNode): string[] {
  const cteNames = new Set<string>();
  walkAst(ast, (node) => {
    if (!Array.isArray(node.with)) return;
    for (const cte of node.with) {
      const name = identName(cte?.name);
      if (name) cteNames.add(name.toLowerCase());
    }
  });
  const out: string[] = [];
  for (const entry of tableList) {
    const name = entry.split('::').slice(2).join('::').toLowerCase();
    if (!name || cteNames.has(name) || out.includes(name)) continue;
    out.push(name);
  }
  return out;
}
