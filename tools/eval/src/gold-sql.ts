/**
 * Helpers for the gold SQL of the evaluation sets (their formats as the sets ship them; tools/eval/README.md).
 */

/**
 * Splits defog sql-eval's `query` field into its gold alternatives: statements separated by `;` outside quoted
 * strings and names (sql-eval counts a prediction right when it matches any of them). Empty pieces are dropped.
 */
export function splitGoldAlternatives(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const c of text) {
    if (quote) {
      current += c;
      if (c === quote) quote = null; // a doubled quote closes and reopens: same result
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
      current += c;
    } else if (c === ';') {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * Rewrites double-quoted strings that are not identifiers into single-quoted literals, emulating SQLite's
 * "double-quoted string literal" fallback (https://www.sqlite.org/quirks.html#dblquote): the GeoQuery,
 * Restaurants and Chinook gold SQL writes string literals as "texas", which better-sqlite3 rejects because it is
 * compiled with SQLITE_DQS=0. Like SQLite, a double-quoted token stays an identifier when it names a table or
 * column of the schema (`identifiers`, compared case-insensitively) or an alias of the query (`AS "x"` / `AS x`),
 * when it follows AS, or when it is qualified (`"t".` or `."c"`); every other one becomes a string literal.
 * Single-quoted literals, backtick and bracket names are copied as they are.
 */
export function rewriteDoubleQuotedLiterals(sql: string, identifiers: ReadonlySet<string>): string {
  const aliases = new Set<string>();
  for (const m of sql.matchAll(/\bas\s+(?:"((?:[^"]|"")*)"|([A-Za-z_][\w$]*))/gi))
    aliases.add((m[1] ?? m[2]).replace(/""/g, '"').toLowerCase());
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const close = c === "'" ? "'" : c === '`' ? '`' : c === '[' ? ']' : c === '"' ? '"' : null;
    if (!close) {
      out += c;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < sql.length) {
      if (sql[j] === close) {
        if (close !== ']' && sql[j + 1] === close) {
          j += 2;
          continue;
        }
        break;
      }
      j++;
    }
    const token = sql.slice(i, j + 1);
    i = j + 1;
    if (c !== '"') {
      out += token;
      continue;
    }
    const inner = token.slice(1, -1).replace(/""/g, '"');
    const before = out.trimEnd();
    const after = sql.slice(i).trimStart();
    const isIdentifier =
      identifiers.has(inner.toLowerCase()) ||
      aliases.has(inner.toLowerCase()) ||
      /\bas$/i.test(before) ||
      before.endsWith('.') ||
      after.startsWith('.');
    out += isIdentifier ? token : `'${inner.replace(/'/g, "''")}'`;
  }
  return out;
}

/**
 * Expands defog sql-eval's column choices in PostgreSQL gold SQL: `SELECT {author.name, author.aid}, ... GROUP BY {}`
 * means any of the listed columns, alone or all together, with `{}` standing for the same choice. Returns one SQL per
 * choice (each option alone, then all of them), or the SQL itself when it has no braces. Braces inside quoted text
 * are left alone only as far as the shared gold SQL needs (it has none there).
 */
export function expandBraceAlternatives(sql: string): string[] {
  const group = /\{([^{}]*,[^{}]*)\}/.exec(sql);
  if (!group) return [sql];
  const options = group[1]
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const choices = [...options.map((o) => [o]), options];
  const out: string[] = [];
  for (const choice of choices) {
    const list = choice.join(', ');
    const text = sql.slice(0, group.index) + list + sql.slice(group.index + group[0].length);
    out.push(...expandBraceAlternatives(text.replace(/\{\}/g, list)));
  }
  return [...new Set(out)];
}
