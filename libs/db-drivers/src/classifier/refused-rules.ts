import type { Dialect } from '@nlq/contracts';
import { MSSQL_REFUSED_CATALOGS } from '../mssql/mssql.refused-catalogs';
import { MYSQL_REFUSED_CATALOGS } from '../mysql/mysql.refused-catalogs';
import { POSTGRES_REFUSED_CATALOGS } from '../postgres/postgres.refused-catalogs';
import type { RefusedCatalogEntry, RefusedCatalogList } from '../refused-catalog';

/**
 * What nlq never runs, in any mode (docs/architecture.md step 8: "anything ... never allowed"). Functions are matched
 * on the called name (last part of a qualified name, lower case) of function-call nodes in the parsed AST, never on
 * the SQL text. The list is the union over all engines: a name that is harmless on one engine does not exist as a
 * function that a read query needs on another.
 *
 * Sources: PostgreSQL manual 9.28 "System Administration Functions" (signalling, advisory locks, generic file
 * access), 9.17 "Sequence Manipulation Functions", 35 "Large Objects" (server-side lo_import/lo_export), F.11
 * dblink; MySQL 8.0 manual 14.8 "String Functions" (LOAD_FILE), 14.14 "Locking Functions", 14.15 "Information
 * Functions" (BENCHMARK, SLEEP); SQLite "Run-Time Loadable Extensions" (load_extension), CLI fileio extension
 * (readfile, writefile, edit), FTS3 "fts3_tokenizer" security note; SQL Server docs: xp_cmdshell, OPENROWSET,
 * OPENDATASOURCE, OPENQUERY.
 */
const REFUSED_FUNCTIONS = new Map<string, string>(
  Object.entries({
    // PostgreSQL: file and network access
    pg_read_file: 'reads files on the database server',
    pg_read_binary_file: 'reads files on the database server',
    pg_ls_dir: 'lists directories on the database server',
    pg_stat_file: 'reads file metadata on the database server',
    pg_file_write: 'writes files on the database server',
    lo_import: 'reads files on the database server',
    lo_export: 'writes files on the database server',
    lo_unlink: 'deletes a large object',
    // PostgreSQL: side effects on the server or other sessions
    pg_terminate_backend: 'ends other sessions',
    pg_cancel_backend: 'cancels other sessions',
    pg_reload_conf: 'reloads the server configuration',
    pg_rotate_logfile: 'rotates the server log',
    set_config: 'changes configuration settings',
    pg_sleep: 'holds the connection idle',
    pg_sleep_for: 'holds the connection idle',
    pg_sleep_until: 'holds the connection idle',
    nextval: 'advances a sequence',
    setval: 'changes a sequence',
    pg_notify: 'sends notifications',
    pg_logical_emit_message: 'writes to the write-ahead log',
    query_to_xml: 'runs SQL text given as a string',
    query_to_xmlschema: 'runs SQL text given as a string',
    query_to_xml_and_xmlschema: 'runs SQL text given as a string',
    // MySQL / MariaDB
    load_file: 'reads files on the database server',
    sleep: 'holds the connection idle',
    benchmark: 'burns server CPU',
    get_lock: 'takes a named lock',
    release_lock: 'releases a named lock',
    release_all_locks: 'releases named locks',
    master_pos_wait: 'waits on replication',
    source_pos_wait: 'waits on replication',
    // SQLite
    load_extension: 'loads native code into the database process',
    writefile: 'writes files on the database host',
    readfile: 'reads files on the database host',
    edit: 'starts an editor on the database host',
    fts3_tokenizer: 'can register native code pointers',
    // SQL Server
    xp_cmdshell: 'runs operating-system commands',
    openrowset: 'reads external data sources or files',
    opendatasource: 'connects to external data sources',
    openquery: 'runs SQL on a linked server',
  }),
);

/** Name prefixes refused the same way (dblink_exec, pg_advisory_xact_lock_shared, pg_try_advisory_lock, ...). */
const REFUSED_PREFIXES: Array<[RegExp, string]> = [
  [/^dblink/, 'connects to other databases'],
  [/^pg_(try_)?advisory_/, 'takes or releases advisory locks'],
  [/^pg_ls_/, 'lists directories on the database server'],
  [/^lo_(import|export)/, 'accesses files on the database server'],
  [/^xp_/, 'is a SQL Server extended procedure'],
];

/**
 * Why calling the function `name` is never allowed, or null when it may be called.
 * `name` is the unqualified function name in any case (`PG_READ_FILE`, `pg_read_file`).
 */
export function refusedFunctionReason(name: string): string | null {
  const lower = name.toLowerCase();
  const refused = REFUSED_FUNCTIONS.get(lower);
  if (refused) return refused;
  for (const [re, why] of REFUSED_PREFIXES) if (re.test(lower)) return why;
  const catalogFunction = CATALOG_FUNCTIONS.get(lower);
  if (catalogFunction) return `${catalogFunction.reason} (${catalogFunction.source})`;
  return null;
}

/**
 * Per-dialect catalogs holding credentials or other sessions' activity, kept as data beside each dialect
 * (postgres/postgres.refused-catalogs.ts, mysql/mysql.refused-catalogs.ts, mssql/mssql.refused-catalogs.ts), each
 * entry with its manual section. SQLite keeps no credentials; Snowflake's account usage views need roles nlq's
 * read-only role does not get (docs/operations.md "A read-only database role for nlq").
 */
export const REFUSED_CATALOGS: Readonly<Partial<Record<Dialect, RefusedCatalogList>>> = {
  postgresql: POSTGRES_REFUSED_CATALOGS,
  sqlite: POSTGRES_REFUSED_CATALOGS, // the SQLite grammar falls back to PostgreSQL's; no SQLite table has these names
  mysql: MYSQL_REFUSED_CATALOGS,
  mariadb: MYSQL_REFUSED_CATALOGS,
  transactsql: MSSQL_REFUSED_CATALOGS,
};

/** The catalog functions of every dialect by name, for {@link refusedFunctionReason} (names are unambiguous). */
const CATALOG_FUNCTIONS = new Map<string, RefusedCatalogEntry>(
  [POSTGRES_REFUSED_CATALOGS, MYSQL_REFUSED_CATALOGS, MSSQL_REFUSED_CATALOGS].flatMap((list) =>
    list.functions.map((f) => [f.name, f] as const),
  ),
);

/**
 * Why reading one of the tables of `tableList` (node-sql-parser's `type::schema::table` entries, schema `null`
 * when unqualified) is never allowed on `dialect`, or null. An entry whose list schema is null matches the name
 * under any schema; otherwise the statement must name that schema. The reason names the manual section.
 */
export function refusedCatalogReason(tableList: readonly string[], dialect: Dialect): string | null {
  const list = REFUSED_CATALOGS[dialect];
  if (!list) return null;
  for (const entry of tableList) {
    const [, rawSchema, ...rest] = entry.split('::');
    const name = unquote(rest.join('::')).toLowerCase();
    const schema = rawSchema && rawSchema !== 'null' ? unquote(rawSchema).toLowerCase() : null;
    const hit = list.tables.find((t) => t.name === name && (t.schema === null || t.schema === schema));
    if (hit) return `${hit.schema ? `${hit.schema}.` : ''}${hit.name} is never read: it ${hit.reason} (${hit.source})`;
  }
  return null;
}

function unquote(identifier: string): string {
  return identifier.replace(/^[`"[]|[`"\]]$/g, '');
}

/**
 * Why running the stored procedure `name` (SQL Server EXEC) is never allowed, or null. System (`sp_*`) and extended
 * (`xp_*`) procedures administer the server, run commands or execute dynamic SQL (sp_executesql).
 */
export function refusedProcedureReason(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.startsWith('sp_')) return 'system stored procedures (sp_*) are never run';
  if (lower.startsWith('xp_')) return 'extended stored procedures (xp_*) are never run';
  return null;
}

/**
 * Leading keywords of statements that are refused in every mode, checked on the tokens of the single statement
 * (comments and quotes already handled) because node-sql-parser does not parse most of them. Keys are upper case;
 * `next` narrows the rule to a following keyword.
 *
 * Sources: SQLite "ATTACH DATABASE", "PRAGMA statements", "VACUUM" (INTO writes a file); PostgreSQL "COPY" (reads
 * and writes server files, runs programs with PROGRAM), "LOAD" (loads a shared library), "DO" (runs procedural
 * code); MySQL "LOAD DATA", "DO" (evaluates expressions such as SLEEP()); Snowflake "COPY INTO" (stage files);
 * SQL Server "BULK INSERT" (reads files).
 */
export const REFUSED_LEADING_KEYWORDS: Array<{ keyword: string; next?: string; reason: string }> = [
  { keyword: 'ATTACH', reason: 'ATTACH opens another database file and is never allowed' },
  { keyword: 'DETACH', reason: 'DETACH changes the attached databases and is never allowed' },
  { keyword: 'PRAGMA', reason: 'PRAGMA statements can change engine settings and are never allowed' },
  { keyword: 'VACUUM', next: 'INTO', reason: 'VACUUM INTO writes a database file and is never allowed' },
  { keyword: 'COPY', reason: 'COPY reads or writes server files or runs programs and is never allowed' },
  { keyword: 'LOAD', reason: 'LOAD (LOAD DATA, LOAD library) reads server files and is never allowed' },
  { keyword: 'BULK', reason: 'BULK INSERT reads server files and is never allowed' },
  { keyword: 'DO', reason: 'DO runs procedural code or expressions with side effects and is never allowed' },
];
