import type { RefusedCatalogList } from '../refused-catalog';

const MS = 'Microsoft Learn, Transact-SQL reference';

/**
 * SQL Server catalog views that hold credentials or other sessions' activity; refused by the classifier
 * (classifier/refused-rules.ts) whatever the connection's rights.
 */
export const MSSQL_REFUSED_CATALOGS: RefusedCatalogList = {
  tables: [
    { name: 'sql_logins', schema: 'sys', reason: 'holds login password hashes', source: `${MS}: sys.sql_logins` },
    { name: 'syslogins', schema: 'sys', reason: 'holds login password hashes', source: `${MS}: sys.syslogins` },
    { name: 'credentials', schema: 'sys', reason: 'lists server credentials', source: `${MS}: sys.credentials` },
    {
      name: 'database_scoped_credentials',
      schema: 'sys',
      reason: 'lists database credentials',
      source: `${MS}: sys.database_scoped_credentials`,
    },
    {
      name: 'linked_logins',
      schema: 'sys',
      reason: 'maps logins to linked servers',
      source: `${MS}: sys.linked_logins`,
    },
    { name: 'dm_exec_sessions', schema: 'sys', reason: 'shows other sessions', source: `${MS}: sys.dm_exec_sessions` },
    {
      name: 'dm_exec_requests',
      schema: 'sys',
      reason: "shows other sessions' requests",
      source: `${MS}: sys.dm_exec_requests`,
    },
    {
      name: 'dm_exec_connections',
      schema: 'sys',
      reason: 'shows other connections',
      source: `${MS}: sys.dm_exec_connections`,
    },
    { name: 'sysprocesses', schema: 'sys', reason: 'shows other sessions', source: `${MS}: sys.sysprocesses` },
  ],
  functions: [
    {
      name: 'dm_exec_sql_text',
      schema: 'sys',
      reason: "returns other sessions' SQL text",
      source: `${MS}: sys.dm_exec_sql_text`,
    },
    {
      name: 'dm_exec_input_buffer',
      schema: 'sys',
      reason: "returns other sessions' SQL text",
      source: `${MS}: sys.dm_exec_input_buffer`,
    },
  ],
};
