import type { Dialect } from '@nlq/contracts';
import type { AstNode, ParseResult } from './parse-result';
import { type SqlToken, tokenizeSql } from './sql-tokenizer';

/**
 * Dialects whose engines take any expression as a LIMIT or OFFSET argument while node-sql-parser 5.4's grammar
 * takes a number or a parameter only (its postgresql grammar also `LIMIT (SELECT ...)`): SQLite ("SELECT", the
 * LIMIT clause: "any scalar expression may be used in the LIMIT clause, so long as it evaluates to an integer")
 * and PostgreSQL ("LIMIT Clause": count and start may be expressions). MySQL and MariaDB take literals and
 * parameters only, as the grammar does.
 */
const EXPRESSION_LIMIT_DIALECTS: ReadonlySet<Dialect> = new Set<Dialect>(['sqlite', 'postgresql']);

/** First placeholder number; placeholder k is this plus k (unlikely to occur in real SQL, and checked for). */
const PLACEHOLDER_BASE = 918_273_645;

/**
 * Parses a statement whose LIMIT or OFFSET arguments are expressions (`LIMIT 2 - (SELECT COUNT(*) FROM t) % 2`,
 * a median idiom of defog sql-eval's gold SQL) in two steps, because node-sql-parser's grammar refuses them:
 * the statement with every such argument replaced by a placeholder number, then each argument alone as
 * `SELECT <argument>`; the argument's expression tree is put where its placeholder was. Every token of the text
 * is thus parsed once, and callers walk one AST that holds them all (so a refused function or a subquery in a
 * LIMIT is seen as anywhere else, and its references resolve in the statement's own scope).
 *
 * An argument runs from the token after LIMIT or OFFSET to the first `,`, OFFSET, `)` or `;` at its own
 * parenthesis depth. Each must parse as exactly one SELECT of one expression with no other clause. `parse` is
 * the caller's parser for one grammar (parseWithGrammar). Returns null when the text holds no expression
 * argument, the dialect's engine does not take expressions there, or any part fails to parse (the caller then
 * reports its own parse error).
 */
export function parseWithLimitExpressions(
  sql: string,
  dialect: Dialect,
  grammar: Dialect,
  parse: (text: string, grammar: Dialect) => ParseResult,
): ParseResult | null {
  if (!EXPRESSION_LIMIT_DIALECTS.has(dialect)) return null;
  const lexed = tokenizeSql(sql, dialect);
  if (lexed.error || sql.includes(String(PLACEHOLDER_BASE).slice(0, 6))) return null;
  const args = limitArguments(lexed.tokens);
  if (args.length === 0) return null;

  let variant = '';
  let at = 0;
  args.forEach((arg, k) => {
    variant += `${sql.slice(at, arg.start)}${PLACEHOLDER_BASE + k}`;
    at = arg.end;
  });
  variant += sql.slice(at);
  const main = parse(variant, grammar);
  if (!main.ok || main.statements.length !== 1) return null;

  const tableList = [...main.tableList];
  for (const [k, arg] of args.entries()) {
    const alone = parse(`SELECT ${sql.slice(arg.start, arg.end)}`, grammar);
    if (!alone.ok || alone.statements.length !== 1) return null;
    const select = alone.statements[0];
    if (select?.type !== 'select' || select._next || !Array.isArray(select.columns) || select.columns.length !== 1)
      return null;
    for (const clause of ['from', 'where', 'groupby', 'having', 'orderby', 'with', 'window']) {
      const value = select[clause];
      if (value != null && !(Array.isArray(value) && value.length === 0)) return null;
    }
    if (select.limit && Array.isArray(select.limit.value) && select.limit.value.length > 0) return null;
    const expr = select.columns[0]?.expr;
    if (!expr || typeof expr !== 'object') return null;
    if (!replacePlaceholder(main.statements[0], PLACEHOLDER_BASE + k, expr)) return null;
    for (const entry of alone.tableList) if (!tableList.includes(entry)) tableList.push(entry);
  }
  return { ok: true, statements: main.statements, tableList, grammar };
}

/** Character ranges of the LIMIT/OFFSET arguments that are more than one number or parameter token. */
function limitArguments(tokens: readonly SqlToken[]): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== 'word' || !/^(LIMIT|OFFSET)$/i.test(tokens[i].text)) continue;
    let depth = 0;
    let last = -1;
    for (let j = i + 1; j < tokens.length; j++) {
      const t = tokens[j];
      if (t.text === '(') depth++;
      else if (t.text === ')') {
        if (depth === 0) break;
        depth--;
      } else if (
        depth === 0 &&
        (t.text === ',' || t.type === 'semicolon' || (t.type === 'word' && /^(OFFSET|LIMIT)$/i.test(t.text)))
      )
        break;
      last = j;
    }
    if (last < 0) continue;
    const single = last === i + 1 && (tokens[last].type === 'number' || /^(ALL|NULL)$/i.test(tokens[last].text));
    if (!single) out.push({ start: tokens[i + 1].start, end: tokens[last].end });
    i = last;
  }
  return out;
}

/** Replaces the one `{ type: 'number', value }` node below `root` by `expr`; false when it is not found. */
function replacePlaceholder(root: AstNode, value: number, expr: AstNode): boolean {
  const seen = new Set<AstNode>();
  const visit = (node: AstNode): boolean => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return false;
    seen.add(node);
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (
        child &&
        typeof child === 'object' &&
        !Array.isArray(child) &&
        child.type === 'number' &&
        Number(child.value) === value
      ) {
        node[key] = expr;
        return true;
      }
      if (key !== 'loc' && visit(child)) return true;
    }
    return false;
  };
  return visit(root);
}
