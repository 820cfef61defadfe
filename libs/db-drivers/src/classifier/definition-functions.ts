import type { Dialect } from '@nlq/contracts';
import { functionName, walkAst, type AstNode } from './sql-ast';

/**
 * Functions a business definition may call in every dialect (docs/knowledge.md "Checked when saved"): aggregates,
 * arithmetic, conditionals, string and date functions whose cost grows with their input only. Blob and string
 * generators (`randomblob`, `zeroblob`, `repeat`, `lpad`), sleeps, set-returning functions (`generate_series`,
 * `unnest`), and administration or file functions are absent, so they are refused.
 */
const COMMON_FUNCTIONS = [
  // aggregates (SQL:2016 "aggregate function"; each engine's manual, "Aggregate Functions")
  'sum',
  'count',
  'avg',
  'min',
  'max',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  // arithmetic and conditionals
  'abs',
  'round',
  'ceil',
  'ceiling',
  'floor',
  'mod',
  'power',
  'pow',
  'sqrt',
  'exp',
  'ln',
  'log',
  'log10',
  'sign',
  'coalesce',
  'nullif',
  'greatest',
  'least',
  'cast',
  // strings
  'lower',
  'upper',
  'length',
  'char_length',
  'character_length',
  'trim',
  'ltrim',
  'rtrim',
  'substr',
  'substring',
  'replace',
  'concat',
  'left',
  'right',
  // dates
  'date',
  'current_date',
  'current_timestamp',
  'extract',
];

/** MySQL's and MariaDB's own (MariaDB "Date & Time Functions", MySQL 8.0 manual 14.7). */
const MYSQL_FUNCTIONS = [
  'ifnull',
  'if',
  'truncate',
  'instr',
  'locate',
  'year',
  'month',
  'day',
  'dayofmonth',
  'dayofweek',
  'quarter',
  'week',
  'date_format',
  'datediff',
  'timestampdiff',
  'date_add',
  'date_sub',
  'curdate',
  'now',
];

/** Each dialect's own functions of the same families (SQLite "Core/Date And Time Functions", PostgreSQL 9.4-9.9, MariaDB "Date & Time Functions"). */
const DIALECT_FUNCTIONS: ReadonlyMap<Dialect, readonly string[]> = new Map<Dialect, readonly string[]>([
  ['sqlite', ['total', 'ifnull', 'iif', 'instr', 'time', 'datetime', 'julianday', 'strftime', 'unixepoch']],
  [
    'postgresql',
    [
      'trunc',
      'div',
      'bool_and',
      'bool_or',
      'every',
      // ordered-set aggregates, `percentile_cont(0.5) WITHIN GROUP (ORDER BY x)` (PostgreSQL 9.21, table 9.62)
      'percentile_cont',
      'percentile_disc',
      'strpos',
      'position',
      'date_trunc',
      'date_part',
      'to_char',
      'now',
    ],
  ],
  ['mysql', MYSQL_FUNCTIONS],
  ['mariadb', MYSQL_FUNCTIONS],
  ['transactsql', ['isnull', 'iif', 'count_big', 'year', 'month', 'day', 'datepart', 'datediff', 'dateadd', 'getdate']],
  ['snowflake', ['ifnull', 'iff', 'nvl', 'trunc', 'div0', 'year', 'month', 'day', 'date_trunc', 'datediff', 'dateadd']],
]);

const ALLOWED = new Map<Dialect, ReadonlySet<string>>(
  (['sqlite', 'postgresql', 'mysql', 'mariadb', 'transactsql', 'snowflake'] as const).map((d) => [
    d,
    new Set([...COMMON_FUNCTIONS, ...(DIALECT_FUNCTIONS.get(d) ?? [])]),
  ]),
);

/** The functions a definition may call on `dialect`, lower case (for docs and error messages). */
export function definitionFunctions(dialect: Dialect): ReadonlySet<string> {
  return ALLOWED.get(dialect) ?? new Set(COMMON_FUNCTIONS);
}

/**
 * Why a parsed definition expression calls a function outside the allow-list of `dialect` (function and aggregate
 * calls anywhere in it, subqueries included), or null when every call is allowed.
 */
export function definitionFunctionProblem(expression: AstNode, dialect: Dialect): string | null {
  const allowed = definitionFunctions(dialect);
  const refused: string[] = [];
  walkAst(expression, (node) => {
    if (node.type !== 'function' && node.type !== 'aggr_func') return;
    const name = functionName(node);
    if (name === null || !allowed.has(name)) refused.push(name ?? '(unnamed)');
  });
  if (refused.length === 0) return null;
  return `calls ${[...new Set(refused)].join(', ')}, which a definition may not use (allowed on ${dialect}: aggregates, arithmetic, CASE, COALESCE, string and date functions; docs/knowledge.md)`;
}
