import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';

/**
 * Test fixture: keyless tables linked only by shared column names, the way older public schemas are written
 * (no primary or foreign keys declared). For unit specs of schemas the engine has never seen.
 */
const col = (name: string, type: string, sampleValues?: string[]): ColumnSchema => ({
  name,
  type,
  nullable: true,
  primaryKey: false,
  ...(sampleValues ? { sampleValues } : {}),
});
const table = (name: string, columns: ColumnSchema[]): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: [],
  foreignKeys: [],
});
const STATES = ['alaska', 'california', 'new york', 'texas'];

export const GEO_SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'fixture-geo',
  tables: [
    table('state', [
      col('state_name', 'TEXT'),
      col('population', 'INT'),
      col('area', 'DOUBLE'),
      col('capital', 'TEXT'),
    ]),
    table('city', [col('city_name', 'TEXT'), col('population', 'INT'), col('state_name', 'TEXT', STATES)]),
    table('highlow', [col('state_name', 'TEXT'), col('highest_point', 'TEXT')]),
    table('river', [
      col('river_name', 'TEXT', ['colorado', 'rio grande']),
      col('length', 'INT'),
      col('traverse', 'TEXT', STATES),
    ]),
  ],
};
