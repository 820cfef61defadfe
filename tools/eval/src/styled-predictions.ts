/**
 * Writes a predictions file for `npm run eval -- --mode replay` from the gold SQL of the shared sets, rewritten the
 * way models often write SQL, so that replay can stress nlq's checker and repairs with SQL whose meaning is known:
 *
 *   node -r ./tools/register.js tools/eval/src/styled-predictions.ts --style double-quoted --set all --out FILE
 *
 * Styles: `gold` (the first gold alternative, on one line), `double-quoted` (its single-quoted literals written with
 * double quotes, as SQLite's legacy rule reads them), `ansi` (also every table and column name of the schema in
 * double quotes). On PostgreSQL (defog-postgres) literals stay single-quoted and quoted names are lower-cased, so
 * they mean what the bare names meant. One SQL a line, in question order over the sets.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { tokenizeSql } from '@nlq/db-drivers';
import { defaultEvalDir, EVAL_SETS, loadEvalSet, spreadSample, type EvalSetName } from './eval-data';
import { openEvalDatabase } from './eval-runner';

/** How gold SQL is rewritten; see the file comment. */
export type PredictionStyle = 'gold' | 'double-quoted' | 'ansi';

/**
 * `sql` rewritten in `style` on one line (whitespace runs become one space; the shared gold SQL holds no `--`
 * comments). `names` are the lower-case table and column names quoted by the `ansi` style. Literals holding a
 * quote character, and every literal on PostgreSQL (`engine`), are left single-quoted.
 */
export function styleGoldSql(
  sql: string,
  style: PredictionStyle,
  names: ReadonlySet<string> = new Set(),
  engine: 'sqlite' | 'postgresql' = 'sqlite',
): string {
  const postgres = engine === 'postgresql';
  const tokens = tokenizeSql(sql, postgres ? 'postgresql' : 'sqlite').tokens;
  let out = '';
  let at = 0;
  tokens.forEach((token, i) => {
    let replacement: string | null = null;
    const inner = token.text.slice(1, -1);
    if (style !== 'gold' && !postgres && token.type === 'string' && token.text.startsWith("'") && !/['"]/.test(inner))
      replacement = `"${inner}"`;
    else if (
      style === 'ansi' &&
      token.type === 'word' &&
      names.has(token.text.toLowerCase()) &&
      !keywordUse(tokens, i)
    ) {
      replacement = `"${postgres ? token.text.toLowerCase() : token.text}"`;
    }
    if (replacement !== null) {
      out += sql.slice(at, token.start) + replacement;
      at = token.end;
    }
  });
  return (out + sql.slice(at)).replace(/\s+/g, ' ').trim();
}

/**
 * True when the word at `i` is used as a keyword or type although it is also a schema name, so a model would not
 * quote it: a call (`count(`), the field of EXTRACT (`extract(month FROM`), the type of CAST (`AS text)`).
 */
function keywordUse(tokens: ReturnType<typeof tokenizeSql>['tokens'], i: number): boolean {
  const prev = tokens[i - 1]?.text.toUpperCase();
  const next = tokens[i + 1]?.text.toUpperCase();
  return next === '(' || (prev === '(' && next === 'FROM') || (prev === 'AS' && next === ')');
}

async function main(argv: string[]): Promise<void> {
  const arg = (name: string) => {
    const k = argv.indexOf(name);
    return k >= 0 ? argv[k + 1] : undefined;
  };
  const style = (arg('--style') ?? 'double-quoted') as PredictionStyle;
  if (!['gold', 'double-quoted', 'ansi'].includes(style))
    throw new Error(`unknown style "${style}": gold, double-quoted or ansi`);
  const out = arg('--out');
  if (!out) throw new Error('--out FILE is required');
  const setArg = arg('--set') ?? 'all';
  const sets = (setArg === 'all' ? [...EVAL_SETS] : setArg.split(',')) as EvalSetName[];
  const limit = arg('--limit') ? Number(arg('--limit')) : null;
  const dataDir = arg('--data') ?? defaultEvalDir();
  const names = new Map<string, Set<string>>();
  const lines: string[] = [];
  for (const set of sets) {
    for (const item of spreadSample(loadEvalSet(set, dataDir), limit)) {
      let known = names.get(item.dbFile);
      if (!known) {
        const { database, drop } = await openEvalDatabase(item);
        await database.driver.close();
        await drop();
        known = database.names;
        names.set(item.dbFile, known);
      }
      lines.push(styleGoldSql(item.goldSql[0] ?? '', style, known, item.engine ?? 'sqlite'));
    }
  }
  writeFileSync(path.resolve(out), `${lines.join('\n')}\n`);
  process.stderr.write(`wrote ${lines.length} predictions (${style}) to ${out}\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
