import type { DatabaseSchema } from '@nlq/contracts';
import { withSchemaDefinitions } from './schema-descriptions';

const SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v1',
  tables: [
    {
      name: 'schools',
      kind: 'table',
      primaryKey: ['school_id'],
      foreignKeys: [],
      comment: null,
      columns: [
        { name: 'school_id', type: 'INTEGER', nullable: false, primaryKey: true },
        { name: 'c14', type: 'REAL', nullable: true, primaryKey: false, comment: 'from the survey' },
        { name: 'district_ref', type: 'INTEGER', nullable: true, primaryKey: false },
      ],
    },
    {
      name: 'districts',
      kind: 'table',
      primaryKey: [],
      foreignKeys: [],
      columns: [{ name: 'district_code', type: 'INTEGER', nullable: false, primaryKey: false }],
    },
  ],
};

describe('withSchemaDefinitions', () => {
  it('lays descriptions over comments and adds relationships as foreign keys, leaving the schema given unchanged', () => {
    const out = withSchemaDefinitions(SCHEMA, [
      { kind: 'description', target: 'Schools', text: 'One row per school.' },
      { kind: 'description', target: 'schools.C14', text: 'No Child Left Behind funding' },
      { kind: 'description', target: 'schools.missing', text: 'ignored' },
      { kind: 'relationship', from: 'schools.district_ref', to: 'districts.district_code' },
      { kind: 'relationship', from: 'schools.district_ref', to: 'districts.nothing' },
    ]);
    const schools = out.tables[0];
    expect(schools.comment).toBe('One row per school.');
    expect(schools.columns[1].comment).toBe('No Child Left Behind funding; from the survey');
    expect(schools.columns[0].comment).toBeUndefined();
    expect(schools.foreignKeys).toEqual([
      { columns: ['district_ref'], referencedTable: 'districts', referencedColumns: ['district_code'] },
    ]);
    expect(SCHEMA.tables[0].foreignKeys).toEqual([]);
    expect(SCHEMA.tables[0].columns[1].comment).toBe('from the survey');
  });

  it('answers the same schema when there is nothing to lay over it, and adds a declared key only once', () => {
    expect(withSchemaDefinitions(SCHEMA, [])).toBe(SCHEMA);
    const once = withSchemaDefinitions(SCHEMA, [
      { kind: 'relationship', from: 'schools.district_ref', to: 'districts.district_code' },
    ]);
    expect(
      withSchemaDefinitions(once, [
        { kind: 'relationship', from: 'schools.district_ref', to: 'districts.district_code' },
      ]),
    ).toBe(once);
  });
});
