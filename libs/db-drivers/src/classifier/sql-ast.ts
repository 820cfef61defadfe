import type { Dialect } from '@nlq/contracts';
import { Parser } from 'node-sql-parser';
import { parseWithLimitExpressions } from './limit-expressions';
import type { AstNode, ParseResult } from './parse-result';
import { ParseCopies } from './parse-copies';
import { maskQuotedIdentifiers, unmaskIdentifiers } from './quoted-identifiers';
import { tokenizeSql } from './sql-tokenizer';

export type { AstNode, ParseResult };

/** node-sql-parser `database` option for each nlq dialect (node-sql-parser README, "Supported Database SQL Syntax"). */
export const PARSER_DATABASE: Record<Dialect, string> = {
  sqlite: 'sqlite',
  postgresql: 'postgresql',
  mysql: 'mysql',
  mariadb: 'mariadb',
  transactsql: 'transactsql',
  snowflake: 'snowflake',
};

const parser = new Parser();

/**
 * Grammar tried when the dialect's own node-sql-parser grammar rejects the SQL, for gaps measured in
 * node-sql-parser 5.4: its MariaDB grammar rejects a column named `status`, its SQLite grammar rejects
 * `NULLS FIRST/LAST`, `FILTER (WHERE ...)`, `RANK() OVER (ORDER BY ...)` and `AS count`, all of which the
 * MySQL/PostgreSQL grammars accept. Dialects without an entry get no second try.
 */
export const FALLBACK_GRAMMAR: Partial<Record<Dialect, Dialect>> = {
  mariadb: 'mysql',
  sqlite: 'postgresql',
};

/**
 * Parses SQL with node-sql-parser 5.4 in the dialect's grammar. When that fails and the dialect has a
 * {@link FALLBACK_GRAMMAR}, the fallback grammar's AST is returned instead, but only if {@link sameTokens} says both
 * dialects split the text into the same tokens (so no quote, bracket or comment is read differently: SQLite's
 * backtick and `[...]` identifiers, PostgreSQL's nested comments, `E'..'` and `$$..$$` strings keep the dialect's
 * own refusal). Callers still walk the whole AST whichever grammar produced it.
 *
 * A statement with expressions as LIMIT/OFFSET arguments, which SQLite and PostgreSQL run and the grammars refuse,
 * is parsed in parts by parseWithLimitExpressions (limit-expressions.ts) into one AST holding every token.
 *
 * Quoted identifiers the grammars misread (a doubled quote inside, SQLite's `[name]`) are parsed through
 * placeholders and come back in the AST with their real names (quoted-identifiers.ts).
 *
 * Never throws: a syntax error comes back as `{ ok: false, error }` with the dialect grammar's message shortened to
 * one line (at most about 200 characters), plus a note when the fallback grammar failed too or was not tried.
 */
export function parseSql(sql: string, dialect: Dialect): ParseResult {
  // The pipeline's check stage asks classifySql and then checkReferences about the same text: keep the last result
  // so one statement is parsed once. Callers only read the AST (neither walker writes to it).
  if (lastParse && lastParse.sql === sql && lastParse.dialect === dialect) return lastParse.result;
  const result = recentParses.copyOf(sql, dialect) ?? recentParses.keep(sql, dialect, parseMasked(sql, dialect));
  lastParse = { sql, dialect, result };
  return result;
}

/** Copies of recent parses: the same statements come again from other requests (a parse takes about 1.6 ms). */
const recentParses = new ParseCopies();

/** The most recent {@link parseSql} call and its result. */
let lastParse: { sql: string; dialect: Dialect; result: ParseResult } | null = null;

/** {@link parseUncached} through placeholders for the quoted identifiers the grammars misread. */
function parseMasked(sql: string, dialect: Dialect): ParseResult {
  const masked = maskQuotedIdentifiers(sql, dialect);
  if (!masked) return parseUncached(sql, dialect);
  const result = parseUncached(masked.text, dialect);
  if (!result.ok)
    return result.offset === undefined ? result : { ...result, offset: masked.originalOffset(result.offset) };
  const tableList = unmaskIdentifiers(result.statements, result.tableList, masked.names);
  return { ...result, tableList };
}

function parseUncached(sql: string, dialect: Dialect): ParseResult {
  const own = parseWithGrammar(sql, dialect);
  if (own.ok) return own;
  const ownLimits = parseWithLimitExpressions(sql, dialect, dialect, parseWithGrammar);
  if (ownLimits) return ownLimits;
  const fallback = FALLBACK_GRAMMAR[dialect];
  if (!fallback) return own;
  if (!sameTokens(sql, dialect, fallback)) {
    return {
      ok: false,
      error: `${own.error} (the ${fallback} grammar was not tried: it reads quotes or comments differently)`,
    };
  }
  const second = parseWithGrammar(sql, fallback);
  if (second.ok) return second;
  const fallbackLimits = parseWithLimitExpressions(sql, dialect, fallback, parseWithGrammar);
  if (fallbackLimits) return fallbackLimits;
  // The furthest point either grammar reached: the repair of keyword identifiers (sql-repair.ts) measures progress by it.
  const offset = Math.max(own.offset ?? -1, second.offset ?? -1);
  return { ok: false, error: `${own.error} (the ${fallback} grammar failed too)`, ...(offset >= 0 ? { offset } : {}) };
}

/**
 * True when {@link tokenizeSql} gives the same token sequence (type and offsets) for `sql` under both dialects'
 * lexical rules and neither reports an error, i.e. strings, quoted identifiers and comments are delimited alike.
 */
export function sameTokens(sql: string, dialect: Dialect, other: Dialect): boolean {
  const a = tokenizeSql(sql, dialect);
  const b = tokenizeSql(sql, other);
  if (a.error || b.error || a.executableComment !== b.executableComment || a.tokens.length !== b.tokens.length) {
    return false;
  }
  return a.tokens.every(
    (t, i) => t.type === b.tokens[i].type && t.start === b.tokens[i].start && t.end === b.tokens[i].end,
  );
}

/**
 * One uncached parse with one grammar, no fallback (see {@link parseSql}); a failure carries the parser's error
 * `offset` (0-based character offset into `sql`) when the parser reports one. Never throws.
 */
export function parseWithGrammar(sql: string, grammar: Dialect): ParseResult {
  try {
    const res = parser.parse(sql, { database: PARSER_DATABASE[grammar] });
    const statements = (Array.isArray(res.ast) ? res.ast : [res.ast]).filter((s: AstNode) => s != null);
    return { ok: true, statements, tableList: res.tableList ?? [], grammar };
  } catch (e) {
    const message = shortenParserMessage(e instanceof Error ? e.message : String(e));
    const start = (e as { location?: { start?: { line?: number; column?: number; offset?: number } } })?.location
      ?.start;
    const where = start?.line !== undefined ? ` at line ${start.line}, column ${start.column}` : '';
    return {
      ok: false,
      error: `${message}${where}`,
      ...(typeof start?.offset === 'number' ? { offset: start.offset } : {}),
    };
  }
}

/**
 * Shortens a node-sql-parser (pegjs) message: `Expected "(", "--", ... or [0-9] but "x" found.` becomes
 * `unexpected "x"` (parseSql appends the line and column), other messages are cut to 200 characters.
 */
export function shortenParserMessage(message: string): string {
  const m = /but (.+?) found\.?$/s.exec(message);
  if (m) return m[1] === 'end of input' ? 'unexpected end of input' : `unexpected ${m[1]}`;
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** Visits every object node below `node` (depth first, including `node`), arrays flattened. */
export function walkAst(node: AstNode, visit: (n: AstNode) => void, seen = new Set<AstNode>()): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const child of node) walkAst(child, visit, seen);
    return;
  }
  visit(node);
  for (const key of Object.keys(node)) {
    if (key === 'loc') continue;
    walkAst(node[key], visit, seen);
  }
}

/**
 * The text of an identifier as node-sql-parser stores it in one of its shapes: a plain string,
 * `{ type: 'default' | 'backticks_quote_string' | ..., value }`, `{ expr: { value } }` or
 * `{ name: [{ value }, ...] }` (last part). Null when the node holds no identifier.
 */
export function identName(node: AstNode): string | null {
  if (node == null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (typeof node !== 'object') return null;
  if (Array.isArray(node.name) && node.name.length) return identName(node.name[node.name.length - 1]);
  if (node.expr !== undefined) return identName(node.expr);
  if (typeof node.value === 'string') return node.value;
  if (node.name !== undefined) return identName(node.name);
  return null;
}

/** Name of a function-call node (`function`, `aggr_func`), lower case, without schema; null if unknown. */
export function functionName(node: AstNode): string | null {
  const n = identName(node?.name);
  return n === null ? null : n.toLowerCase();
}

/**
 * SQL text of a parsed statement, written by node-sql-parser's `sqlify` in `grammar` (identifiers quoted, comments
 * and layout gone). @throws when the parser cannot write the node.
 */
export function sqlifyStatement(statement: AstNode, grammar: Dialect): string {
  return parser.sqlify(statement, { database: PARSER_DATABASE[grammar] });
}

/** SQL text of one parsed expression, written by node-sql-parser's `exprToSQL` in `grammar`. @throws when it cannot. */
export function sqlifyExpression(expression: AstNode, grammar: Dialect): string {
  return (parser as unknown as { exprToSQL(e: AstNode, o: { database: string }): string }).exprToSQL(expression, {
    database: PARSER_DATABASE[grammar],
  });
}
