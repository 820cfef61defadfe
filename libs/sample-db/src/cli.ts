/**
 * Command line of the sample database generator:
 *   npm run sample-db -- [--out data/shop.db] [--scale 1] [--seed 42] [--today YYYY-MM-DD] [--force]
 * Dates run over the three years before --today (default today). Without --force an existing file is kept (exit 0, with a note). Prints each table's row count and the time taken.
 * Exit codes: 0 done or kept, 2 bad arguments, 1 generation failed.
 */
import * as fs from 'node:fs';
import { SAMPLE_DB_DEFAULTS, generateSampleDatabase } from './sample-db.generator';

interface CliArguments {
  out: string;
  scale: number;
  seed: number;
  /** The day the history ends before; null for the clock's today. */
  today: Date | null;
  force: boolean;
  help: boolean;
}

const USAGE = 'usage: npm run sample-db -- [--out data/shop.db] [--scale 1] [--seed 42] [--today YYYY-MM-DD] [--force]';

/** Parses `--name value` / `--name=value` arguments; throws Error with a readable message on bad input. */
export function parseCliArguments(argv: readonly string[]): CliArguments {
  const parsed: CliArguments = {
    out: 'data/shop.db',
    scale: SAMPLE_DB_DEFAULTS.scale,
    seed: SAMPLE_DB_DEFAULTS.seed,
    today: null,
    force: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--out':
        parsed.out = value();
        break;
      case '--scale':
        parsed.scale = Number(value());
        if (!Number.isFinite(parsed.scale) || parsed.scale <= 0) throw new Error('--scale must be a positive number');
        break;
      case '--seed':
        parsed.seed = Number(value());
        if (!Number.isInteger(parsed.seed)) throw new Error('--seed must be an integer');
        break;
      case '--today': {
        const text = value();
        const day = new Date(`${text}T00:00:00Z`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(day.getTime()))
          throw new Error('--today must be a date YYYY-MM-DD');
        parsed.today = day;
        break;
      }
      case '--force':
        parsed.force = true;
        break;
      case '--help':
      case '-h':
        parsed.help = true;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  return parsed;
}

function main(): number {
  let args: CliArguments;
  try {
    args = parseCliArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (!args.force && fs.existsSync(args.out)) {
    console.log(`${args.out} already exists; kept it (use --force to regenerate).`);
    return 0;
  }
  try {
    const stats = generateSampleDatabase(args.out, {
      seed: args.seed,
      scale: args.scale,
      ...(args.today ? { today: args.today } : {}),
    });
    const width = Math.max(...stats.tables.map((t) => t.table.length));
    console.log(
      `sample database ${stats.path} (seed ${stats.seed}, scale ${stats.scale}, orders ${stats.historyStart} .. ${stats.historyEnd})`,
    );
    for (const t of stats.tables)
      console.log(`  ${t.table.padEnd(width)}  ${t.rows.toLocaleString('en-US').padStart(10)}`);
    console.log(`  ${'total'.padEnd(width)}  ${stats.totalRows.toLocaleString('en-US').padStart(10)}`);
    console.log(`generated in ${(stats.millis / 1000).toFixed(2)} s`);
    return 0;
  } catch (error) {
    console.error(`sample database generation failed: ${(error as Error).message}`);
    return 1;
  }
}

if (require.main === module) process.exitCode = main();
