import { accessSync, constants } from 'node:fs';
import type { DatabaseDriver } from './driver';

/** What a query connection may do beyond reading; null where it could not be told. */
export interface ConnectionPrivileges {
  /** Superuser / server administrator (PostgreSQL rolsuper, MySQL SUPER or ALL ON *.*, SQL Server sysadmin). */
  superuser: boolean | null;
  /** May change data on some table (INSERT, UPDATE or DELETE), or for SQLite: the file is writable. */
  can_write: boolean | null;
  /** How it was found out, or why not. */
  detail: string;
}

const PG_SQL = `SELECT r.rolsuper AS superuser, r.rolsuper OR EXISTS (SELECT 1 FROM information_schema.tables t WHERE t.table_schema NOT IN ('pg_catalog', 'information_schema')
    AND t.table_type = 'BASE TABLE'
    AND has_table_privilege(quote_ident(t.table_schema) || '.' || quote_ident(t.table_name), 'INSERT, UPDATE, DELETE')) AS can_write
FROM pg_roles r WHERE r.rolname = current_user`;

const MSSQL_SQL = `SELECT IS_SRVROLEMEMBER('sysadmin') AS superuser,
  CASE WHEN HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'INSERT') = 1 OR HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'UPDATE') = 1
    OR HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'DELETE') = 1 OR IS_ROLEMEMBER('db_datawriter') = 1 OR IS_ROLEMEMBER('db_owner') = 1 THEN 1 ELSE 0 END AS can_write`;

/**
 * Ask the database what the connection's credential may do: PostgreSQL pg_roles.rolsuper and has_table_privilege
 * (manual §9.26 Access Privilege Inquiry Functions); MySQL/MariaDB SHOW GRANTS (SUPER, ALL PRIVILEGES ON *.*, or
 * INSERT/UPDATE/DELETE anywhere); SQL Server IS_SRVROLEMEMBER('sysadmin') and HAS_PERMS_BY_NAME; SQLite whether
 * the file is writable by this process (nlq opens reads read-only, approved writes read-write). Snowflake:
 * unknown (null). Never throws: a failed inquiry answers nulls with the reason in `detail`.
 */
export async function inspectPrivileges(driver: DatabaseDriver): Promise<ConnectionPrivileges> {
  const read = async (sql: string) => (await driver.runRead(sql, { maxRows: 200, timeoutMs: 5000 })).rows;
  try {
    switch (driver.dialect) {
      case 'postgresql': {
        const [row] = await read(PG_SQL);
        return {
          superuser: row ? Boolean(row[0]) : null,
          can_write: row ? Boolean(row[1]) : null,
          detail: 'pg_roles.rolsuper, has_table_privilege',
        };
      }
      case 'mysql':
      case 'mariadb': {
        const grants = (await read('SHOW GRANTS')).map((r) => String(r[0]).toUpperCase());
        const superuser = grants.some((g) => /ALL PRIVILEGES ON \*\.\*|\bSUPER\b/.test(g));
        const canWrite = grants.some((g) =>
          /ALL PRIVILEGES|\bINSERT\b|\bUPDATE\b|\bDELETE\b/.test(g.split(' ON ')[0] ?? ''),
        );
        return { superuser, can_write: canWrite, detail: 'SHOW GRANTS' };
      }
      case 'transactsql': {
        const [row] = await read(MSSQL_SQL);
        return {
          superuser: row ? Number(row[0]) === 1 : null,
          can_write: row ? Number(row[1]) === 1 : null,
          detail: 'IS_SRVROLEMEMBER, HAS_PERMS_BY_NAME',
        };
      }
      case 'sqlite': {
        const file = (driver as unknown as { file?: string }).file;
        if (!file) return { superuser: false, can_write: null, detail: 'SQLite file unknown' };
        let writable = true;
        try {
          accessSync(file, constants.W_OK);
        } catch {
          writable = false;
        }
        return {
          superuser: false,
          can_write: writable,
          detail: writable ? 'SQLite file writable by the service' : 'SQLite file read-only for the service',
        };
      }
      default:
        return { superuser: null, can_write: null, detail: `not inspected for ${driver.dialect}` };
    }
  } catch (error) {
    return {
      superuser: null,
      can_write: null,
      detail: `privilege inquiry failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
