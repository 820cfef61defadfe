import { EVAL_SETS, EXTRA_EVAL_SETS, type EvalSetName } from './eval-data';

/** Command-line options of the evaluation runner. */
export interface EvalOptions {
  /** Sets to run, in order (default chinook). */
  sets: EvalSetName[];
  /** At most this many questions a set, spread evenly over it (default all). */
  limit: number | null;
  provider: 'offline' | 'ollama' | 'openai' | 'anthropic';
  baseUrl: string | null;
  model: string | null;
  /** Print one line per question (stderr). */
  verbose: boolean;
  /** Write the reports as JSON on stdout. */
  json: boolean;
  /** Directory of the shared evaluation data (default <repo>/../shared/eval). */
  dataDir: string | null;
  /**
   * `model` (default): the chosen provider writes the SQL; `oracle`: each question's gold SQL, served by a local
   * stand-in model; `replay`: the recorded predictions of `predictions`, served the same way.
   */
  mode: 'model' | 'oracle' | 'replay';
  /** Predictions file of replay mode: one SQL a line, in question order over the chosen sets. */
  predictions: string | null;
  /** Knowledge file of a set (knowledge-file.ts), by set name; model mode only. */
  knowledge: Partial<Record<EvalSetName, string>>;
}

export const EVAL_USAGE =
  'usage: npm run eval -- [--set chinook|geography|restaurants|defog|defog-postgres[,...]|all] [--limit N] ' +
  '[--mode model|oracle|replay] [--predictions FILE] [--knowledge SET=FILE[,SET=FILE]] ' +
  '[--provider offline|ollama|openai|anthropic] [--base-url URL] [--model NAME] [--data DIR] [--verbose] [--json]\n' +
  "--mode oracle serves each question's gold SQL, --mode replay the lines of --predictions FILE (one SQL a line, in " +
  'question order), through a local stand-in model server and the whole pipeline.\n' +
  '--knowledge gives a set the business definitions of its databases (YAML, tools/eval/knowledge/README.md).\n' +
  'The model API key, when one is needed, comes from LLM_API_KEY.';

const PROVIDERS = ['offline', 'ollama', 'openai', 'anthropic'] as const;
const MODES = ['model', 'oracle', 'replay'] as const;

/** Options that take a value (`--name value` or `--name=value`). */
const VALUED_OPTIONS = [
  '--set',
  '--limit',
  '--provider',
  '--base-url',
  '--model',
  '--data',
  '--mode',
  '--predictions',
  '--knowledge',
];

/**
 * Parses `argv` (without node and script); `--name value` and `--name=value` both work.
 * @throws Error with the usage text for an unknown option, set, provider or mode, a missing or invalid value, or
 *   replay without --predictions (or --predictions without replay)
 */
export function parseEvalOptions(argv: readonly string[]): EvalOptions {
  const options: EvalOptions = {
    sets: ['chinook'],
    limit: null,
    provider: 'offline',
    baseUrl: null,
    model: null,
    verbose: false,
    json: false,
    dataDir: null,
    mode: 'model',
    predictions: null,
    knowledge: {},
  };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split(/=(.*)/s, 2);
    if (name === '--verbose' || name === '--json') {
      options[name === '--verbose' ? 'verbose' : 'json'] = true;
      continue;
    }
    if (!VALUED_OPTIONS.includes(name)) throw new Error(`unknown option "${argv[i]}"\n${EVAL_USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.trim() === '') throw new Error(`${name} needs a value\n${EVAL_USAGE}`);
    applyOption(options, name, value);
  }
  checkOptionPairs(options);
  return options;
}

/**
 * Sets the option `name` (one of VALUED_OPTIONS) to `value` in `options`.
 * @throws Error with the usage text for an unknown set, provider or mode or an invalid limit or knowledge pair
 */
function applyOption(options: EvalOptions, name: string, value: string): void {
  switch (name) {
    case '--set': {
      const sets = value === 'all' ? [...EVAL_SETS] : value.split(',').map((s) => s.trim());
      const unknown = sets.filter((s) => !isEvalSet(s));
      if (unknown.length) throw new Error(`unknown set "${unknown.join(', ')}"\n${EVAL_USAGE}`);
      options.sets = sets as EvalSetName[];
      return;
    }
    case '--limit': {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`--limit must be a positive integer, got ${value}\n${EVAL_USAGE}`);
      options.limit = n;
      return;
    }
    case '--provider':
      if (!(PROVIDERS as readonly string[]).includes(value))
        throw new Error(`unknown provider "${value}"\n${EVAL_USAGE}`);
      options.provider = value as EvalOptions['provider'];
      return;
    case '--base-url':
      options.baseUrl = value;
      return;
    case '--model':
      options.model = value;
      return;
    case '--data':
      options.dataDir = value;
      return;
    case '--mode':
      if (!(MODES as readonly string[]).includes(value)) throw new Error(`unknown mode "${value}"\n${EVAL_USAGE}`);
      options.mode = value as EvalOptions['mode'];
      return;
    case '--predictions':
      options.predictions = value;
      return;
    case '--knowledge':
      return addKnowledge(options, value);
    default:
      throw new Error(`unknown option "${name}"\n${EVAL_USAGE}`);
  }
}

/** True when `name` is an evaluation set (of `all` or an extra one). */
function isEvalSet(name: string): boolean {
  return ([...EVAL_SETS, ...EXTRA_EVAL_SETS] as readonly string[]).includes(name);
}

/**
 * Adds the knowledge files of `--knowledge SET=FILE[,SET=FILE]` to `options.knowledge`.
 * @throws Error with the usage text for a pair without a set or a file, or an unknown set
 */
function addKnowledge(options: EvalOptions, value: string): void {
  for (const pair of value.split(',')) {
    const [set, file] = pair.split(/=(.*)/s, 2).map((x) => x?.trim());
    if (!set || !file) throw new Error(`--knowledge takes SET=FILE, got ${pair}\n${EVAL_USAGE}`);
    if (!isEvalSet(set)) throw new Error(`unknown set "${set}" in --knowledge\n${EVAL_USAGE}`);
    options.knowledge[set as EvalSetName] = file;
  }
}

/**
 * Checks the options that go together: replay needs --predictions, --predictions needs replay, --knowledge needs
 * model mode.
 * @throws Error with the usage text when one is missing
 */
function checkOptionPairs(options: EvalOptions): void {
  if (options.mode === 'replay' && !options.predictions)
    throw new Error(`--mode replay needs --predictions FILE\n${EVAL_USAGE}`);
  if (options.predictions && options.mode !== 'replay')
    throw new Error(`--predictions goes with --mode replay\n${EVAL_USAGE}`);
  if (Object.keys(options.knowledge).length && options.mode !== 'model')
    throw new Error(`--knowledge goes with --mode model (gold SQL does not follow definitions)\n${EVAL_USAGE}`);
}
