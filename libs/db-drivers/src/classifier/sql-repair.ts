import type { DatabaseSchema, Dialect } from '@nlq/contracts';
import { resolveDoubleQuotedNames } from './reference-checker';
import { type AstNode, parseSql } from './sql-ast';
import { type SqlToken, tokenizeSql } from './sql-tokenizer';
import { quoteBareWord } from '../identifier-quoting';

/**
 * One deterministic repair of a model's SQL (docs/architecture.md step 7), recorded in the check span of the trace
 * and returned with the SQL: `rule` names the repair, `from` and `to` the token as written and as it now reads.
 * - `double-quoted-literal`: `"Kyle"` -> `'Kyle'`;
 * - `keyword-identifier`: `show` -> `"show"` (quoted the dialect's way);
 * - `aggregate-distinct-argument`: `DISTINCT x` -> `DISTINCT (x)` inside an aggregate call.
 */
export interface SqlRepair {
  rule: 'double-quoted-literal' | 'keyword-identifier' | 'aggregate-distinct-argument';
  from: string;
  to: string;
}

/**
 * How the double-quoted-literal repair read one double-quoted token of a SQLite, MySQL or MariaDB statement:
 * `literal` (converted to a string), or `identifier` (left as written), with the reason, e.g. `resolves to a name
 * in scope` or `names a table or column of the schema ("a"b")`.
 * Recorded in the check span of the trace so that a person can see why a token was or was not converted.
 */
export interface DoubleQuotedDecision {
  token: string;
  reading: 'literal' | 'identifier';
  reason: string;
}

/** What {@link repairSql} did: the repaired text (the input when nothing applied) and the repairs, in text order. */
export interface RepairResult {
  sql: string;
  repairs: SqlRepair[];
  /** The double-quoted tokens the literal repair looked at, and how it read each (absent when it looked at none). */
  doubleQuoted?: DoubleQuotedDecision[];
}

/**
 * Dialects whose engines read a double-quoted token that names no identifier as a string literal:
 * - SQLite, by its legacy behaviour (SQLite manual, "Quirks, Caveats, and Gotchas In SQLite", section 8
 *   "Double-quoted String Literals Are Accepted"); better-sqlite3 is compiled with SQLITE_DQS=0, so nlq must do
 *   that reading itself or the statement fails with "no such column";
 * - MySQL and MariaDB, where `"..."` is a string unless sql_mode has ANSI_QUOTES (MySQL 8.0 manual 7.1.11
 *   "Server SQL Modes", ANSI_QUOTES; 11.1.1 "String Literals"): rewritten as `'...'`, which reads the same in
 *   both modes.
 * PostgreSQL, SQL Server (QUOTED_IDENTIFIER ON) and Snowflake always read `"..."` as an identifier: no repair.
 */
const DOUBLE_QUOTED_LITERAL_DIALECTS: ReadonlySet<Dialect> = new Set<Dialect>(['sqlite', 'mysql', 'mariadb']);

/** At most this many keyword candidates are tried in one statement (each try is one parse). */
const MAX_KEYWORD_TRIES = 24;

/**
 * Deterministic repairs of one statement that the databases accept but nlq's strict path refuses, applied before
 * any model retry (docs/architecture.md step 7). Decisions are taken on node-sql-parser's AST of the dialect
 * (through {@link parseSql}, with its grammar fallback); edits are made on the tokens of sql-tokenizer.ts, so
 * quotes, comments and all other text stay as written.
 *
 * 1. {@link repairKeywordIdentifiers}, only when the statement does not parse: a bare word that is a table or
 *    column name of `schema` and a keyword of the parser's grammar (`show`, `match`, `order`, ...) is quoted, and
 *    `MAX(DISTINCT x)` gets its argument parenthesised (a gap of node-sql-parser 5.4's grammars).
 * 2. {@link repairDoubleQuotedLiterals}, on the parsed statement (SQLite, MySQL, MariaDB): a double-quoted token
 *    in an expression position that resolves to no identifier in scope becomes a single-quoted string literal.
 *
 * The result is text to be checked again from the start (classification, policy, references): a repair decides
 * nothing about safety. Never throws; `{ sql, repairs: [] }` when nothing applies.
 */
export function repairSql(sql: string, dialect: Dialect, schema: DatabaseSchema): RepairResult {
  const repairs: SqlRepair[] = [];
  let text = sql;
  let doubleQuoted: DoubleQuotedDecision[] | undefined;
  try {
    const keywords = repairKeywordIdentifiers(text, dialect, schema);
    if (keywords) {
      text = keywords.sql;
      repairs.push(...keywords.repairs);
    }
    const literals = repairDoubleQuotedLiterals(text, dialect, schema);
    if (literals) {
      text = literals.sql;
      repairs.push(...literals.repairs);
      doubleQuoted = literals.doubleQuoted;
    }
  } catch {
    return { sql, repairs: [] };
  }
  return { sql: text, repairs, ...(doubleQuoted?.length ? { doubleQuoted } : {}) };
}

/**
 * Repairs of a statement that node-sql-parser's grammar for the dialect refuses although the engines run it,
 * tried only when the statement does not parse:
 * - `keyword-identifier`: a bare word that is a table or column name of `schema` and a keyword of the grammar is
 *   quoted, so `SELECT COUNT(*) FROM show` (which SQLite and PostgreSQL run, and which the sqlite and postgresql
 *   grammars of node-sql-parser 5.4 refuse) parses. Quoting follows the engine, so the name means what the bare
 *   word meant: SQLite `"show"`, PostgreSQL `"show"` (lower-cased, as PostgreSQL folds unquoted names), MySQL and
 *   MariaDB `` `show` ``, SQL Server `[show]`, Snowflake `"SHOW"` (upper-cased). Candidates are bare words naming
 *   a table or column and not followed by `(` (a call); a name so quoted is also quoted where it qualifies a
 *   column (`show.title`).
 * - `aggregate-distinct-argument`: `MAX(DISTINCT x)` becomes `MAX(DISTINCT (x))`; node-sql-parser 5.4 accepts
 *   DISTINCT inside COUNT and GROUP_CONCAT only, or before a parenthesised argument (measured on its sqlite,
 *   postgresql, mysql and mariadb grammars). The parentheses change nothing on any engine.
 *
 * Each candidate edit is tried in text order and kept only when the statement then parses or the parser's error
 * moves past where it was, so a word used as a keyword (`ORDER BY` beside a column named `order`) stays as it is;
 * when that does not reach a parse, all candidates are tried together and each one the parse does not need is
 * dropped again.
 * Returns null when the statement parses as it is or still does not parse after the edits.
 */
export function repairKeywordIdentifiers(sql: string, dialect: Dialect, schema: DatabaseSchema): RepairResult | null {
  const first = parseSql(sql, dialect);
  if (first.ok) return null;
  const lexed = tokenizeSql(sql, dialect);
  if (lexed.error) return null;
  const names = schemaNames(schema);
  const tokens = lexed.tokens;
  const keywordEdit = (i: number): TextEdit => {
    const to = quoteBareWord(tokens[i].text, dialect);
    return {
      start: tokens[i].start,
      end: tokens[i].end,
      text: to,
      repair: { rule: 'keyword-identifier', from: tokens[i].text, to },
    };
  };
  const keywordCandidates = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => t.type === 'word' && names.has(t.text.toLowerCase()) && tokens[i + 1]?.text !== '(')
    .slice(0, MAX_KEYWORD_TRIES);
  const candidates = [...distinctArgumentEdits(sql, tokens), ...keywordCandidates.map(({ i }) => keywordEdit(i))].sort(
    (a, b) => a.start - b.start,
  );
  if (candidates.length === 0) return null;

  const kept: TextEdit[] = [];
  let errorAt = first.offset ?? -1;
  let parsed = false;
  for (const edit of candidates) {
    if (kept.some((k) => k.start < edit.end && edit.start < k.end)) continue;
    const trial = [...kept, edit];
    const result = parseSql(applyTextEdits(sql, trial), dialect);
    if (result.ok) {
      kept.push(edit);
      parsed = true;
      break;
    }
    const at = result.offset === undefined ? -1 : originalOffset(result.offset, trial);
    if (at > errorAt) {
      kept.push(edit);
      errorAt = at;
    }
  }
  if (!parsed) {
    // Two blocked words whose errors are reported at the same place (`SELECT key FROM show` on the transactsql
    // grammar): try every candidate at once, then drop each edit the statement parses without.
    const together = candidates.filter(
      (c, k) => !candidates.slice(0, k).some((o) => o.start < c.end && c.start < o.end),
    );
    if (!parseSql(applyTextEdits(sql, together), dialect).ok) return null;
    kept.splice(0, kept.length, ...together);
    for (const edit of [...kept]) {
      const without = kept.filter((k) => k !== edit);
      if (parseSql(applyTextEdits(sql, without), dialect).ok) kept.splice(kept.indexOf(edit), 1);
    }
    parsed = true;
  }
  if (kept.length === 0) return null;
  // A name quoted once is quoted where it qualifies another (`show.title`): the parser may accept the bare
  // qualifier where the engine does not (MySQL reserves SHOW and MATCH); kept only while the statement parses.
  const quotedWords = new Set(
    kept.filter((k) => k.repair.rule === 'keyword-identifier').map((k) => k.repair.from.toLowerCase()),
  );
  for (const { t, i } of keywordCandidates) {
    if (!quotedWords.has(t.text.toLowerCase()) || tokens[i + 1]?.text !== '.') continue;
    const edit = keywordEdit(i);
    if (kept.some((k) => k.start < edit.end && edit.start < k.end)) continue;
    if (parseSql(applyTextEdits(sql, [...kept, edit]), dialect).ok) kept.push(edit);
  }
  kept.sort((a, b) => a.start - b.start);
  return { sql: applyTextEdits(sql, kept), repairs: kept.map((k) => k.repair) };
}

/** One replacement of the original text [start, end) by `text`, with the repair it records. */
interface TextEdit {
  start: number;
  end: number;
  text: string;
  repair: SqlRepair;
}

/** `sql` with non-overlapping edits applied (any order given). */
function applyTextEdits(sql: string, edits: readonly TextEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += sql.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + sql.slice(at);
}

/** An offset into the edited text mapped back to the original text. */
function originalOffset(offset: number, edits: readonly TextEdit[]): number {
  let shift = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start + shift >= offset) break;
    shift += e.text.length - (e.end - e.start);
  }
  return offset - shift;
}

/**
 * Edits that parenthesise the argument of `name(DISTINCT arg)` / `name(ALL arg)` (up to the first top-level comma
 * or the closing parenthesis) when it does not start with `(` already.
 */
function distinctArgumentEdits(sql: string, tokens: readonly SqlToken[]): TextEdit[] {
  const edits: TextEdit[] = [];
  for (let i = 0; i + 3 < tokens.length; i++) {
    const quantifier = tokens[i + 2];
    if (tokens[i].type !== 'word' || tokens[i + 1].text !== '(' || quantifier.type !== 'word') continue;
    if (!/^(DISTINCT|ALL)$/i.test(quantifier.text) || tokens[i + 3].text === '(' || tokens[i + 3].text === ')')
      continue;
    let depth = 0;
    let last = -1;
    for (let j = i + 3; j < tokens.length; j++) {
      const text = tokens[j].text;
      if (text === '(') depth++;
      else if (text === ')') {
        if (depth === 0) break;
        depth--;
      } else if (text === ',' && depth === 0) break;
      last = j;
    }
    if (last < 0) continue;
    const start = tokens[i + 3].start;
    const end = tokens[last].end;
    const arg = sql.slice(start, end);
    edits.push({
      start,
      end,
      text: `(${arg})`,
      repair: {
        rule: 'aggregate-distinct-argument',
        from: `${quantifier.text} ${arg}`,
        to: `${quantifier.text} (${arg})`,
      },
    });
  }
  return edits;
}

/**
 * Turns double-quoted tokens that resolve to no identifier in scope into single-quoted string literals, as SQLite
 * does by its legacy rule (SQLite manual, "Quirks, Caveats, and Gotchas In SQLite", section 8 "Double-quoted String
 * Literals Are Accepted": "if a double-quoted identifier does not match any valid identifier, it is interpreted as
 * a string literal") and as MySQL/MariaDB do without ANSI_QUOTES (MySQL 8.0 manual 7.1.11, ANSI_QUOTES):
 * `WHERE name = "Kyle"` -> `WHERE name = 'Kyle'` on SQLite, MySQL and MariaDB; nothing on other dialects.
 *
 * Works on the parsed statement: each double-quoted token is matched to its AST node by parsing the statement
 * once more with that token replaced by a marker string literal (the marker's path in that AST is the token's path
 * in the original one), and converted only when that node is an unqualified name in an expression position that
 * {@link resolveDoubleQuotedNames} finds unresolved. A token after `AS`, next to a `.`, in a FROM list, a column
 * list or anywhere the marker does not parse to the same place stays as written; so does a name matching a column,
 * alias or table in scope, or any name in a scope with unknown columns. A token whose name (`""` read as `"`) is
 * a table or column name anywhere in `schema` is never converted, in scope or not: a wrong reference fails the
 * reference check and goes back to the model, where a string would silently answer the wrong thing. Every
 * candidate's reading is returned in `doubleQuoted`. Returns null when no double-quoted token was looked at.
 */
export function repairDoubleQuotedLiterals(sql: string, dialect: Dialect, schema: DatabaseSchema): RepairResult | null {
  if (!DOUBLE_QUOTED_LITERAL_DIALECTS.has(dialect)) return null;
  const lexed = tokenizeSql(sql, dialect);
  if (lexed.error) return null;
  const tokens = lexed.tokens;
  const quotedTokens = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.type === 'quoted' && t.text.startsWith('"'));
  if (quotedTokens.length === 0) return null;
  const parsed = parseSql(sql, dialect);
  if (!parsed.ok || parsed.statements.length !== 1) return null;
  const ast = parsed.statements[0];
  const resolution = resolveDoubleQuotedNames(ast, schema);
  if (resolution.size === 0) return null;
  const names = schemaNames(schema);

  const candidates = quotedTokens.filter(({ i }) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    return !(prev?.text === '.' || next?.text === '.' || (prev?.type === 'word' && prev.text.toUpperCase() === 'AS'));
  });
  const marker = (i: number) => `nlq_repair_marker_${i}`;
  /** The original AST node of token i, found through the marker's path in a probe AST; undefined when absent. */
  const nodeOf = (probeAst: AstNode, i: number): AstNode => {
    const path = findPath(
      probeAst,
      (n) => n.value === marker(i) && typeof n.type === 'string' && n.type !== 'double_quote_string',
    );
    return path ? followPath(ast, path) : undefined;
  };
  // Parsed the way the statement was (same grammar; LIMIT expressions in parts), so the paths correspond.
  const probe = (edits: ReadonlyMap<number, string>) => {
    const result = parseSql(applyEdits(sql, tokens, edits), dialect);
    return result.ok && result.grammar === parsed.grammar && result.statements.length === 1
      ? result.statements[0]
      : null;
  };
  // One probe with every candidate marked; when that does not parse (a marker where only a name may stand), one
  // probe per token.
  const found = new Map<number, AstNode>();
  const all = probe(new Map(candidates.map(({ i }) => [i, `'${marker(i)}'`])));
  for (const { t, i } of candidates) {
    const probeAst = all ?? probe(new Map([[i, `'${marker(i)}'`]]));
    const node = probeAst ? nodeOf(probeAst, i) : undefined;
    if (node && sameDoubleQuotedText(doubleQuotedValue(node), t.text.slice(1, -1))) found.set(i, node);
  }

  const edits = new Map<number, string>();
  const repairs: SqlRepair[] = [];
  const doubleQuoted: DoubleQuotedDecision[] = [];
  const keep = (token: string, reason: string) => doubleQuoted.push({ token, reading: 'identifier', reason });
  for (const { t, i } of candidates) {
    const node = found.get(i);
    const name = t.text.slice(1, -1).replace(/""/g, '"');
    if (!node) keep(t.text, 'not in an expression position');
    else if (resolution.get(node) !== 'unresolved') keep(t.text, 'resolves to a name in scope');
    else if (names.has(name.toLowerCase())) keep(t.text, `names a table or column of the schema ("${name}")`);
    else {
      const literal = toSingleQuoted(t.text, dialect);
      if (literal === null) continue;
      edits.set(i, literal);
      repairs.push({ rule: 'double-quoted-literal', from: t.text, to: literal });
      doubleQuoted.push({ token: t.text, reading: 'literal', reason: 'names nothing in scope or in the schema' });
    }
  }
  if (doubleQuoted.length === 0) return null;
  return { sql: edits.size ? applyEdits(sql, tokens, edits) : sql, repairs, doubleQuoted };
}

/** True when the parser's `value` is the token's inner text as written, with `""` or backslash escapes undone. */
function sameDoubleQuotedText(value: string | null, raw: string): boolean {
  return (
    value !== null && (value === raw || value === raw.replace(/""/g, '"') || value === raw.replace(/\\(.)/g, '$1'))
  );
}

/**
 * The text node-sql-parser kept for a double-quoted expression node (`double_quote_string`, or a `column_ref`
 * holding one), as written between the quotes; null for any other node.
 */
function doubleQuotedValue(node: AstNode): string | null {
  const inner = node?.type === 'column_ref' ? node.column?.expr : node;
  if (inner?.type !== 'double_quote_string' || typeof inner.value !== 'string') return null;
  return inner.value;
}

/** Every table and column name of the schema, lower case. */
function schemaNames(schema: DatabaseSchema): Set<string> {
  const names = new Set<string>();
  for (const table of schema.tables ?? []) {
    names.add(table.name.toLowerCase());
    for (const column of table.columns ?? []) names.add(column.name.toLowerCase());
  }
  return names;
}

/**
 * The single-quoted literal with the same characters as the double-quoted token `"..."`: `""` becomes `"`, `'`
 * becomes `''`; in MySQL/MariaDB backslash escapes are copied as they are (they mean the same in '...'). Null when
 * the token is not a complete double-quoted token.
 */
function toSingleQuoted(token: string, dialect: Dialect): string | null {
  if (token.length < 2 || !token.startsWith('"') || !token.endsWith('"')) return null;
  const inner = token.slice(1, -1);
  const backslash = dialect === 'mysql' || dialect === 'mariadb';
  let out = '';
  for (let k = 0; k < inner.length; k++) {
    const c = inner[k];
    if (backslash && c === '\\' && k + 1 < inner.length) {
      out += c + inner[k + 1];
      k++;
    } else if (c === '"' && inner[k + 1] === '"') {
      out += '"';
      k++;
    } else if (c === "'") out += "''";
    else out += c;
  }
  return `'${out}'`;
}

/** `sql` with the tokens at the given indexes replaced by new text; everything else copied as it is. */
function applyEdits(sql: string, tokens: readonly SqlToken[], edits: ReadonlyMap<number, string>): string {
  let out = '';
  let at = 0;
  for (const i of [...edits.keys()].sort((a, b) => a - b)) {
    out += sql.slice(at, tokens[i].start) + edits.get(i);
    at = tokens[i].end;
  }
  return out + sql.slice(at);
}

/** The key path (object keys and array indexes) from `root` to the first node satisfying `match`, depth first. */
function findPath(root: AstNode, match: (n: AstNode) => boolean): Array<string | number> | null {
  const seen = new Set<AstNode>();
  const visit = (node: AstNode, path: Array<string | number>): Array<string | number> | null => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return null;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let k = 0; k < node.length; k++) {
        const found = visit(node[k], [...path, k]);
        if (found) return found;
      }
      return null;
    }
    if (match(node)) return path;
    for (const key of Object.keys(node)) {
      if (key === 'loc') continue;
      const found = visit(node[key], [...path, key]);
      if (found) return found;
    }
    return null;
  };
  return visit(root, []);
}

/** The node at `path` below `root`, or undefined. */
function followPath(root: AstNode, path: ReadonlyArray<string | number>): AstNode {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}
