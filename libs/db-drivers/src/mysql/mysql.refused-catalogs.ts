import type { RefusedCatalogList } from '../refused-catalog';

const MY = 'MySQL 8.0 Reference Manual';

/**
 * MySQL and MariaDB tables that hold credentials, grants or other sessions' statements; refused by the classifier
 * (classifier/refused-rules.ts) whatever the connection's rights. The mysql schema's tables are matched only when
 * qualified with `mysql` (an application table may be called `user`).
 */
export const MYSQL_REFUSED_CATALOGS: RefusedCatalogList = {
  tables: [
    ...[
      'user',
      'db',
      'tables_priv',
      'columns_priv',
      'procs_priv',
      'proxies_priv',
      'role_edges',
      'default_roles',
      'global_grants',
      'password_history',
    ].map((name) => ({
      name,
      schema: 'mysql',
      reason: 'holds accounts, password hashes or grants',
      source: `${MY} §7.3 The mysql System Schema (Grant System Tables)`,
    })),
    {
      name: 'global_priv',
      schema: 'mysql',
      reason: 'holds accounts and password hashes',
      source: 'MariaDB Knowledge Base: mysql.global_priv Table',
    },
    {
      name: 'roles_mapping',
      schema: 'mysql',
      reason: 'holds role grants',
      source: 'MariaDB Knowledge Base: mysql.roles_mapping Table',
    },
    {
      name: 'servers',
      schema: 'mysql',
      reason: 'holds federated server credentials',
      source: `${MY} §7.3 The mysql System Schema (Miscellaneous System Tables)`,
    },
    {
      name: 'processlist',
      schema: 'information_schema',
      reason: "shows other sessions' SQL text",
      source: `${MY} §28.3.23 The INFORMATION_SCHEMA PROCESSLIST Table`,
    },
    {
      name: 'processlist',
      schema: 'performance_schema',
      reason: "shows other sessions' SQL text",
      source: `${MY} §29.12.22.7 The processlist Table`,
    },
    {
      name: 'processlist',
      schema: 'sys',
      reason: "shows other sessions' SQL text",
      source: `${MY} §30.4.3.22 The processlist and x$processlist Views`,
    },
    {
      name: 'threads',
      schema: 'performance_schema',
      reason: "shows other sessions' SQL text",
      source: `${MY} §29.12.22.8 The threads Table`,
    },
    ...['events_statements_current', 'events_statements_history', 'events_statements_history_long'].map((name) => ({
      name,
      schema: 'performance_schema',
      reason: "shows other sessions' SQL text",
      source: `${MY} §29.12.6 Performance Schema Statement Event Tables`,
    })),
  ],
  functions: [],
};
