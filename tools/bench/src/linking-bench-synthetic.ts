/**
 * A synthetic warehouse catalog for the linking benchmark's speed run: deterministic (no randomness), built from
 * generic business vocabulary, so the same catalog is linked on every run.
 */
import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';

const AREAS = [
  'sales',
  'finance',
  'hr',
  'marketing',
  'inventory',
  'logistics',
  'support',
  'billing',
  'crm',
  'analytics',
  'procurement',
  'manufacturing',
  'legal',
  'payroll',
  'web',
  'mobile',
  'partners',
  'compliance',
  'research',
  'archive',
];
const ENTITIES = [
  'customer',
  'order',
  'invoice',
  'payment',
  'product',
  'supplier',
  'employee',
  'department',
  'shipment',
  'warehouse',
  'campaign',
  'lead',
  'ticket',
  'contract',
  'account',
  'region',
  'store',
  'price',
  'discount',
  'refund',
  'review',
  'session',
  'event',
  'budget',
  'asset',
  'vendor',
  'project',
  'task',
  'skill',
  'course',
  'certificate',
  'audit',
  'policy',
  'claim',
  'device',
  'subscription',
  'plan',
  'feature',
  'release',
  'incident',
  'alert',
  'metric',
  'report',
  'channel',
  'segment',
  'country',
  'currency',
  'tax',
  'ledger',
  'journal',
];
const ATTRIBUTES: Array<[string, string]> = [
  ['name', 'varchar(120)'],
  ['status', 'varchar(20)'],
  ['created_at', 'timestamp'],
  ['updated_at', 'timestamp'],
  ['amount', 'numeric(12,2)'],
  ['quantity', 'integer'],
  ['description', 'text'],
  ['code', 'varchar(16)'],
  ['email', 'varchar(200)'],
  ['city', 'varchar(80)'],
  ['country_code', 'char(2)'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['score', 'real'],
  ['is_active', 'boolean'],
  ['owner_name', 'varchar(80)'],
  ['notes', 'text'],
  ['total_value', 'numeric(14,2)'],
  ['category', 'varchar(40)'],
  ['priority', 'smallint'],
  ['phone', 'varchar(30)'],
  ['url', 'text'],
  ['rating', 'smallint'],
  ['level', 'varchar(20)'],
  ['weight_kg', 'real'],
  ['currency_code', 'char(3)'],
];
const STATUS_VALUES = ['open', 'closed', 'pending', 'cancelled', 'on hold'];

/**
 * `tableCount` tables (default 1,000) spread over 20 namespaces (`sales`, `finance`, ...), each named
 * `<entity>` or `<entity>_<entity>` (so the same name recurs in several namespaces), with an integer `id` primary
 * key, 4 to 29 attribute columns (`status` with sample values), and foreign keys to one to three earlier tables
 * of the same namespace, written `namespace.table` as the introspectors write references outside the default schema.
 */
export function syntheticCatalog(tableCount = 1000): DatabaseSchema {
  const tables: TableSchema[] = [];
  const perArea = Math.ceil(tableCount / AREAS.length);
  for (let a = 0; a < AREAS.length && tables.length < tableCount; a++) {
    const area = AREAS[a];
    const names: string[] = [];
    for (let k = 0; k < perArea && tables.length < tableCount; k++) {
      const first = ENTITIES[(k * 7 + a * 3) % ENTITIES.length];
      const second = ENTITIES[(k * 13 + a * 5 + 1) % ENTITIES.length];
      let name = k < ENTITIES.length / 2 ? first : `${first}_${second}`;
      while (names.includes(name)) name = `${name}_${k}`;
      names.push(name);
      const width = 4 + ((k * 11 + a) % 26);
      const columns: ColumnSchema[] = [{ name: 'id', type: 'integer', nullable: false, primaryKey: true }];
      for (let c = 0; c < width; c++) {
        const [attr, type] = ATTRIBUTES[(c + k + a) % ATTRIBUTES.length];
        const colName = columns.some((x) => x.name === attr) ? `${attr}_${c}` : attr;
        const column: ColumnSchema = { name: colName, type, nullable: true, primaryKey: false };
        if (attr === 'status') column.sampleValues = STATUS_VALUES;
        columns.push(column);
      }
      const foreignKeys: TableSchema['foreignKeys'] = [];
      const fkCount = k === 0 ? 0 : 1 + (k % 3);
      for (let f = 0; f < fkCount; f++) {
        const target = names[(k * 5 + f * 17) % k];
        const col = `${target}_id`;
        if (columns.some((x) => x.name === col)) continue;
        columns.push({ name: col, type: 'integer', nullable: true, primaryKey: false });
        foreignKeys.push({ columns: [col], referencedTable: `${area}.${target}`, referencedColumns: ['id'] });
      }
      tables.push({
        name,
        schema: area,
        kind: 'table',
        columns,
        primaryKey: ['id'],
        foreignKeys,
        comment: null,
        rowCount: null,
      });
    }
  }
  return {
    dialect: 'postgresql',
    tables,
    introspectedAt: '2026-01-01T00:00:00.000Z',
    version: `synthetic-${tableCount}`,
  };
}

/** Questions for the speed run over the synthetic catalog: one a table, naming its entity words and an attribute. */
export function syntheticQuestions(
  schema: DatabaseSchema,
  count = 200,
): Array<{ question: string; table: TableSchema }> {
  const out: Array<{ question: string; table: TableSchema }> = [];
  const step = Math.max(1, Math.floor(schema.tables.length / count));
  for (let i = 0; i < schema.tables.length && out.length < count; i += step) {
    const t = schema.tables[i];
    const attr = t.columns[1 + (i % (t.columns.length - 1))].name.replace(/_/g, ' ');
    out.push({ question: `What is the ${attr} of each ${t.name.replace(/_/g, ' ')} in ${t.schema}?`, table: t });
  }
  return out;
}
