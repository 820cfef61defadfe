import type { RefusedCatalogList } from '../refused-catalog';

const PG = 'PostgreSQL 16 manual';

/**
 * PostgreSQL catalogs that hold credentials or other sessions' activity, and functions that administer the server
 * or reveal server paths; refused by the classifier (classifier/refused-rules.ts) whatever the connection's rights.
 */
export const POSTGRES_REFUSED_CATALOGS: RefusedCatalogList = {
  tables: [
    { name: 'pg_authid', schema: null, reason: 'holds role password hashes', source: `${PG} §53.8 pg_authid` },
    { name: 'pg_shadow', schema: null, reason: 'holds role password hashes', source: `${PG} §54.22 pg_shadow` },
    {
      name: 'pg_user_mapping',
      schema: null,
      reason: 'holds foreign-server user mappings with their passwords',
      source: `${PG} §53.60 pg_user_mapping`,
    },
    {
      name: 'pg_user_mappings',
      schema: null,
      reason: 'shows foreign-server user mappings with their passwords',
      source: `${PG} §54.32 pg_user_mappings`,
    },
    {
      name: 'pg_stat_activity',
      schema: null,
      reason: "shows other sessions' SQL text",
      source: `${PG} §28.2.3 pg_stat_activity`,
    },
    {
      name: 'pg_stat_statements',
      schema: null,
      reason: "shows every user's SQL text",
      source: `${PG} §F.32 pg_stat_statements`,
    },
    {
      name: 'pg_settings',
      schema: null,
      reason: 'shows server settings including file-system paths',
      source: `${PG} §54.24 pg_settings`,
    },
    {
      name: 'pg_file_settings',
      schema: null,
      reason: 'shows the server configuration files',
      source: `${PG} §54.7 pg_file_settings`,
    },
    {
      name: 'pg_hba_file_rules',
      schema: null,
      reason: 'shows the client authentication configuration',
      source: `${PG} §54.9 pg_hba_file_rules`,
    },
    {
      name: 'pg_ident_file_mappings',
      schema: null,
      reason: 'shows the user name maps of authentication',
      source: `${PG} §54.10 pg_ident_file_mappings`,
    },
  ],
  functions: [
    {
      name: 'pg_create_restore_point',
      schema: null,
      reason: 'writes a restore point to the write-ahead log',
      source: `${PG} §9.27.3 Backup Control Functions`,
    },
    {
      name: 'pg_switch_wal',
      schema: null,
      reason: 'forces a write-ahead log switch',
      source: `${PG} §9.27.3 Backup Control Functions`,
    },
    {
      name: 'pg_backup_start',
      schema: null,
      reason: 'starts an online backup',
      source: `${PG} §9.27.3 Backup Control Functions`,
    },
    {
      name: 'pg_backup_stop',
      schema: null,
      reason: 'ends an online backup',
      source: `${PG} §9.27.3 Backup Control Functions`,
    },
    {
      name: 'pg_start_backup',
      schema: null,
      reason: 'starts an online backup',
      source: 'PostgreSQL 14 manual §9.27.3 Backup Control Functions',
    },
    {
      name: 'pg_stop_backup',
      schema: null,
      reason: 'ends an online backup',
      source: 'PostgreSQL 14 manual §9.27.3 Backup Control Functions',
    },
    {
      name: 'pg_wal_replay_pause',
      schema: null,
      reason: 'pauses recovery',
      source: `${PG} §9.27.4 Recovery Control Functions`,
    },
    {
      name: 'pg_wal_replay_resume',
      schema: null,
      reason: 'resumes recovery',
      source: `${PG} §9.27.4 Recovery Control Functions`,
    },
    {
      name: 'pg_promote',
      schema: null,
      reason: 'promotes a standby server',
      source: `${PG} §9.27.4 Recovery Control Functions`,
    },
    {
      name: 'pg_create_physical_replication_slot',
      schema: null,
      reason: 'creates a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_create_logical_replication_slot',
      schema: null,
      reason: 'creates a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_drop_replication_slot',
      schema: null,
      reason: 'drops a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_copy_physical_replication_slot',
      schema: null,
      reason: 'creates a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_copy_logical_replication_slot',
      schema: null,
      reason: 'creates a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_replication_slot_advance',
      schema: null,
      reason: 'advances a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_logical_slot_get_changes',
      schema: null,
      reason: 'consumes changes of a replication slot',
      source: `${PG} §9.27.6 Replication Management Functions`,
    },
    {
      name: 'pg_current_logfile',
      schema: null,
      reason: 'reveals the server log file path',
      source: `${PG} §9.26 System Information Functions`,
    },
    {
      name: 'current_setting',
      schema: null,
      reason: 'reads server settings such as data_directory and config_file',
      source: `${PG} §9.27.1 Configuration Settings Functions`,
    },
    {
      name: 'pg_stat_get_activity',
      schema: null,
      reason: "shows other sessions' SQL text",
      source: `${PG} §28.2.25 Statistics Functions`,
    },
  ],
};
