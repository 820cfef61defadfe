/** An engine the benchmark runs on: the sample SQLite file, or a copy of it on PostgreSQL or MariaDB. */
export type BenchEngine = 'sqlite' | 'postgres' | 'mariadb';

const ENGINES: readonly BenchEngine[] = ['sqlite', 'postgres', 'mariadb'];

/** Command-line options of the /query benchmark (`npm run bench -- --duration 5 --connections 10 --scale 1 --rounds 3 --json`). */
export interface BenchOptions {
  /** Seconds each scenario runs (1..600, default 10). */
  duration: number;
  /** Concurrent HTTP connections (1..1000, default 10). */
  connections: number;
  /** Sample database size factor given to @nlq/sample-db (0 < scale <= 1000, default 1). */
  scale: number;
  /**
   * Rounds (1..20, default 3): each round measures every scenario once, floor first, so a ratio compares runs made
   * minutes apart at most; the table gives the median of the rounds (robust to other load on a shared machine).
   */
  rounds: number;
  /**
   * Engines (default sqlite): `--engines sqlite,postgres,mariadb` also copies the sample database to the local
   * PostgreSQL (127.0.0.1:5432, user postgres) and MariaDB (127.0.0.1:3306, root) and measures nlq and a bare
   * endpoint on each (pg and mysql2 pools), each engine's ratios to its own floor.
   */
  engines: BenchEngine[];
  /** Write the results as JSON on stdout (the table then goes to stderr). */
  json: boolean;
  /**
   * `--policy`: also measures cache misses on POST /api/chat with a viewer key under a data policy (a tables
   * allow-list, a masked column, a country row filter; policy-bench.ts) and with a key of a role without a policy,
   * in every round, and prints the ratio of the two.
   */
  policy: boolean;
  /**
   * `--state-db FILE`: also measures both apis on a used state database, each starting on its own copy of this SQLite
   * state database (e.g. from `npm run bench:seed`), beside the fresh ones in every round.
   */
  stateDb?: string;
}

export const BENCH_DEFAULTS: Readonly<BenchOptions> = Object.freeze({
  duration: 10,
  connections: 10,
  scale: 1,
  rounds: 3,
  engines: ['sqlite'] as BenchEngine[],
  json: false,
  policy: false,
});

const USAGE =
  'usage: npm run bench -- [--duration seconds] [--connections n] [--scale factor] [--rounds n] [--engines sqlite,postgres,mariadb] [--state-db FILE] [--policy] [--json]';

/**
 * Parses `argv` (without node and script). Accepts `--name value` and `--name=value`.
 * @throws Error with the usage line for an unknown option, a missing value or a value out of range.
 */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { ...BENCH_DEFAULTS, engines: [...BENCH_DEFAULTS.engines] };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    if (name === '--json' || name === '--policy') {
      options[name === '--json' ? 'json' : 'policy'] = true;
      continue;
    }
    if (name === '--state-db') {
      const file = inline ?? argv[++i];
      if (!file) throw new Error(`--state-db needs a file\n${USAGE}`);
      options.stateDb = file;
      continue;
    }
    if (name === '--engines') {
      const list = (inline ?? argv[++i] ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const unknown = list.filter((e) => !ENGINES.includes(e as BenchEngine));
      if (!list.length || unknown.length)
        throw new Error(
          `--engines takes a list of ${ENGINES.join(', ')}${unknown.length ? `, got ${unknown.join(', ')}` : ''}\n${USAGE}`,
        );
      options.engines = [...new Set(list as BenchEngine[])];
      continue;
    }
    if (name !== '--duration' && name !== '--connections' && name !== '--scale' && name !== '--rounds')
      throw new Error(`unknown option "${argv[i]}"\n${USAGE}`);
    const raw = inline ?? argv[++i];
    const value = Number(raw);
    if (raw === undefined || raw.trim() === '' || !Number.isFinite(value))
      throw new Error(`${name} needs a number\n${USAGE}`);
    if (name === '--duration') options.duration = checkRange(name, value, 1, 600, true);
    else if (name === '--connections') options.connections = checkRange(name, value, 1, 1000, true);
    else if (name === '--rounds') options.rounds = checkRange(name, value, 1, 20, true);
    else options.scale = checkRange(name, value, Number.MIN_VALUE, 1000, false);
  }
  return options;
}

function checkRange(name: string, value: number, min: number, max: number, integer: boolean): number {
  if ((integer && !Number.isInteger(value)) || value < min || value > max) {
    throw new Error(
      `${name} must be ${integer ? 'an integer' : 'a number'} in [${min === Number.MIN_VALUE ? '>0' : min}, ${max}], got ${value}\n${USAGE}`,
    );
  }
  return value;
}
