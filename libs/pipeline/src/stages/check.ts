import type { DatabaseSchema, Dialect, SqlClassification } from '@nlq/contracts';
import {
  checkReferences,
  classifySql,
  normalizeSql,
  repairSql,
  type DoubleQuotedDecision,
  type SqlRepair,
} from '@nlq/db-drivers';

export type { SqlRepair } from '@nlq/db-drivers';

/** What the checker found about one statement. */
export interface CheckResult {
  /** The statement as checked and as it must run: trimmed, trailing semicolons and comments dropped, repaired. */
  sql: string;
  classification: SqlClassification;
  /** Unknown tables or columns (empty when all references resolve or the statement is DDL/refused). */
  referenceErrors: string[];
  /** Deterministic repairs applied to reach `sql` (empty when the statement was checked as written). */
  repairs: SqlRepair[];
  /** How each double-quoted token was read (SQLite, MySQL, MariaDB): a string or an identifier, and why. */
  doubleQuoted?: DoubleQuotedDecision[];
}

/** Refusal reasons of classifySql that a repair may address: the statement did not parse. */
const PARSE_FAILURE = /^could not parse as |^not a statement the /;

/**
 * Pipeline step 7 (docs/architecture.md): classify the SQL with the real parser of the dialect (exactly one statement; read,
 * write, ddl or refused; never by substring) and, for reads and writes, resolve its tables and columns against the
 * full introspected schema. DDL is not reference-checked (CREATE names tables that do not exist yet). The SQL is
 * normalised first (normalizeSql) and the normalised text is what is classified and what must run.
 *
 * Before any model retry, deterministic repairs (repairSql in @nlq/db-drivers: double-quoted string literals on
 * SQLite/MySQL/MariaDB, schema names that are parser keywords) are tried, and a repaired statement is checked again
 * from the start. Repairs are tried only on a statement that parsed, or that was refused for not parsing; any
 * other refusal (several statements, PRAGMA, a refused function, ...) is final. A repair never changes the class
 * of a statement that parsed (the repaired text must classify the same way, else the original result stands), so a
 * write stays a write and is held or denied by the policy step like any other. Never throws.
 */
export function checkSql(rawSql: string, dialect: Dialect, schema: DatabaseSchema): CheckResult {
  const sql = normalizeSql(rawSql, dialect);
  const first = checkOnce(sql, dialect, schema);
  const { classification } = first;
  if (classification.kind === 'refused' && !PARSE_FAILURE.test(classification.reason ?? '')) return first;
  const repaired = repairSql(sql, dialect, schema);
  const decisions = repaired.doubleQuoted ? { doubleQuoted: repaired.doubleQuoted } : {};
  if (repaired.repairs.length === 0 || repaired.sql === sql) return { ...first, ...decisions };
  const second = checkOnce(repaired.sql, dialect, schema);
  if (classification.kind !== 'refused' && second.classification.kind !== classification.kind) return first;
  if (second.classification.kind === 'refused' && classification.kind === 'refused') {
    // Still refused: keep the repairs visible only when they got the statement past the parser.
    return PARSE_FAILURE.test(second.classification.reason ?? '')
      ? first
      : { ...second, repairs: repaired.repairs, ...decisions };
  }
  return { ...second, repairs: repaired.repairs, ...decisions };
}

/**
 * Memory of {@link checkSql} results by schema version, dialect and SQL text (least recently used dropped past
 * `maxEntries`, default 500). checkSql is a pure function of those three and costs a parse or two of the statement
 * (the largest part of a cache miss's own CPU after the model, measured with `node --cpu-prof` on the benchmark),
 * while the same statements come back again and again (the same questions, near-duplicate reuse, retries). Results
 * are handed out as copies, so a caller cannot change a remembered one.
 */
export class CheckCache {
  private readonly entries = new Map<string, CheckResult>();

  constructor(private readonly maxEntries = 500) {}

  /** checkSql(rawSql, dialect, schema), remembered; never throws more than checkSql does. */
  check(rawSql: string, dialect: Dialect, schema: DatabaseSchema): CheckResult {
    const key = `${schema.version}\u0000${dialect}\u0000${rawSql}`;
    let result = this.entries.get(key);
    if (result) {
      this.entries.delete(key);
    } else {
      result = checkSql(rawSql, dialect, schema);
      while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, result);
    return structuredClone(result);
  }
}

/** One pass of the checker on normalised text, without repairs. */
function checkOnce(sql: string, dialect: Dialect, schema: DatabaseSchema): CheckResult {
  const classification = classifySql(sql, dialect);
  let referenceErrors: string[] = [];
  if (classification.kind === 'read' || classification.kind === 'write') {
    referenceErrors = checkReferences(sql, dialect, schema);
  }
  return { sql, classification, referenceErrors, repairs: [] };
}

/** The feedback text given back to the model for unknown references. */
export function describeReferenceErrors(errors: string[]): string {
  return `The SQL refers to names that do not exist in the schema: ${errors.join('; ')}. Use only the tables and columns of the schema.`;
}

/** The repairs as one line for a trace or a log: `"Kyle" -> 'Kyle' (double-quoted-literal); ...`. */
export function describeRepairs(repairs: readonly SqlRepair[]): string {
  return repairs.map((r) => `${r.from} -> ${r.to} (${r.rule})`).join('; ');
}
