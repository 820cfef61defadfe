import type { Dialect } from '@nlq/contracts';
import { quoteIdentifierIfNeeded } from '../identifier-quoting';
import { definitionFunctionProblem } from './definition-functions';
import { parseSql, sqlifyStatement, type AstNode } from './sql-ast';
import { tokenizeSql, type SqlToken } from './sql-tokenizer';

/**
 * A business definition's SQL part (a metric's expression or filter, a filter's condition, a synonym's target) read
 * as data (docs/knowledge.md "Checked when saved"): the parsed expression and its SQL written from that parse tree,
 * or the reason it is refused.
 */
export type DefinitionExpression = { ok: true; expression: AstNode; sql: string } | { ok: false; problem: string };

/** Clauses that make `SELECT <text>` more than one expression. */
const EXTRA_CLAUSES = ['from', 'where', 'groupby', 'having', 'orderby', 'limit', 'with'];

/** Parses kept per dialect and text: a definition is parsed once, however often it is used. */
const PARSED = new Map<string, DefinitionExpression>();
/** Most parses kept; the oldest goes first. */
const PARSED_LIMIT = 2000;

/**
 * Parses one SQL part of a definition as one expression in the dialect's grammar (node-sql-parser, as
 * `SELECT <text>`) and writes its SQL from the parse tree, so that nothing of the text but what the tree holds ever
 * reaches a statement. Refused, with the reason: a comment (`--`, `/* *\/`, MySQL `#`; any text the tokenizer does
 * not read as a token), a `;`, anything but exactly one expression (a FROM, an alias, a second column), a function
 * outside the dialect's allow-list (definition-functions.ts), and a parse that would drop a word, name, number or
 * string of the text. Pure and memoised per dialect and text; never throws.
 */
export function parseDefinitionExpression(text: string, dialect: Dialect): DefinitionExpression {
  const key = `${dialect}\u0000${text}`;
  const known = PARSED.get(key);
  if (known) return known;
  const parsed = parseUncached(text, dialect);
  if (PARSED.size >= PARSED_LIMIT) PARSED.delete(PARSED.keys().next().value as string);
  PARSED.set(key, parsed);
  return parsed;
}

/** The SQL of a definition's part written from its parse tree, or null when it is refused ({@link parseDefinitionExpression}). */
export function definitionSql(text: string, dialect: Dialect): string | null {
  const parsed = parseDefinitionExpression(text, dialect);
  return parsed.ok ? parsed.sql : null;
}

function parseUncached(text: string, dialect: Dialect): DefinitionExpression {
  const lexical = lexicalProblem(text, dialect);
  if (lexical) return { ok: false, problem: lexical };
  const parsed = parseSql(`SELECT ${text}`, dialect);
  if (!parsed.ok) return { ok: false, problem: `not a valid ${dialect} SQL expression: ${parsed.error}` };
  if (parsed.statements.length !== 1)
    return { ok: false, problem: 'must be one SQL expression, not several statements' };
  const select = parsed.statements[0];
  const shape = shapeProblem(select);
  if (shape) return { ok: false, problem: shape };
  const expression = select.columns[0].expr;
  const functions = definitionFunctionProblem(expression, dialect);
  if (functions) return { ok: false, problem: functions };
  let sql: string;
  try {
    sql = readable(sqlifyStatement(select, parsed.grammar).replace(/^SELECT\s+/i, ''), dialect);
  } catch (error) {
    return { ok: false, problem: `nlq cannot write this expression back as SQL: ${String(error)}` };
  }
  const dropped = droppedTokens(text, sql, dialect);
  if (dropped.length > 0)
    return { ok: false, problem: `the parser would drop ${dropped.map((t) => `"${t}"`).join(', ')} of the text` };
  return { ok: true, expression, sql };
}

/**
 * SQL written by the parser with each quoted identifier that the dialect reads bare as the same name written bare
 * (quoteIdentifierIfNeeded): `SUM("orders"."total")` -> `SUM(orders.total)`; names that need quotes keep them.
 */
function readable(sql: string, dialect: Dialect): string {
  const open = dialect === 'mysql' || dialect === 'mariadb' ? '`' : dialect === 'transactsql' ? '[' : '"';
  const close = open === '[' ? ']' : open;
  let out = '';
  let at = 0;
  for (const token of tokenizeSql(sql, dialect).tokens) {
    if (token.type !== 'quoted' || !token.text.startsWith(open)) continue;
    const name = token.text.slice(1, -1).replaceAll(close + close, close);
    out += sql.slice(at, token.start) + quoteIdentifierIfNeeded(name, dialect);
    at = token.end;
  }
  return out + sql.slice(at);
}

/** Why the text is refused before parsing: it does not tokenize, holds a comment or a statement separator. */
function lexicalProblem(text: string, dialect: Dialect): string | null {
  const tokens = tokenizeSql(text, dialect);
  if (tokens.error) return `not a valid ${dialect} SQL expression: ${tokens.error}`;
  const comment = 'comments (--, /* */) are not allowed in a definition: put the explanation in its description';
  if (tokens.executableComment) return comment;
  let at = 0;
  for (const token of tokens.tokens) {
    if (text.slice(at, token.start).trim() !== '') return comment;
    if (token.type === 'semicolon') return 'must be one SQL expression, without ;';
    at = token.end;
  }
  return text.slice(at).trim() === '' ? null : comment;
}

/** Why a parsed `SELECT <text>` is not exactly one expression; null when it is. */
function shapeProblem(select: AstNode): string | null {
  if (select?.type !== 'select' || !Array.isArray(select.columns) || select.columns.length !== 1)
    return 'must be one SQL expression';
  const extra = EXTRA_CLAUSES.filter((k) => {
    const value = select[k];
    return (
      value !== null &&
      value !== undefined &&
      !(k === 'limit' && Array.isArray(value?.value) && value.value.length === 0) &&
      !(Array.isArray(value) && value.length === 0)
    );
  });
  if (extra.length > 0) return `must be one SQL expression, without ${extra.map((k) => k.toUpperCase()).join(', ')}`;
  if (select.columns[0]?.as) return 'must be one SQL expression, without an alias';
  if (select.distinct && (typeof select.distinct === 'string' || select.distinct.type))
    return 'must be one SQL expression, without DISTINCT before it';
  return null;
}

/** The words, names, numbers and strings of `text` that the SQL written from its parse tree does not hold. */
function droppedTokens(text: string, written: string, dialect: Dialect): string[] {
  const have = new Map<string, number>();
  for (const token of tokenizeSql(written, dialect).tokens) {
    const key = tokenKey(token);
    if (key !== null) have.set(key, (have.get(key) ?? 0) + 1);
  }
  const dropped: string[] = [];
  for (const token of tokenizeSql(text, dialect).tokens) {
    const key = tokenKey(token);
    if (key === null) continue;
    const left = have.get(key) ?? 0;
    if (left === 0) dropped.push(token.text);
    else have.set(key, left - 1);
  }
  return dropped;
}

/** What a token means for {@link droppedTokens}: names and words in lower case without quotes, numbers by value, strings by content; null for punctuation. */
function tokenKey(token: SqlToken): string | null {
  switch (token.type) {
    case 'word':
      return `w:${token.text.toLowerCase()}`;
    case 'quoted':
      return `w:${token.text.slice(1, -1).toLowerCase()}`;
    case 'number':
      return `n:${Number(token.text)}`;
    case 'string':
      return `s:${token.text.replace(/^[A-Za-z]*'|'$/g, '')}`;
    default:
      return null;
  }
}
