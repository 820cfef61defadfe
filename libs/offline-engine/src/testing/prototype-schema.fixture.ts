import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { PROTOTYPE_KEYS } from './adversarial-questions';

/** Column types, rotated over the non-key columns: numbers, text (with stored values) and dates. */
const TYPES = ['INTEGER', 'TEXT', 'REAL', 'DATE', 'TEXT', 'INTEGER'];

function table(name: string, index: number): TableSchema {
  // the key column, then five more prototype keys as columns (each table a different rotation of the names)
  const names = PROTOTYPE_KEYS.filter((k) => k !== name);
  const key = names[index % names.length];
  const others = Array.from({ length: 5 }, (_v, i) => names[(index + 1 + i) % names.length]).filter((n) => n !== key);
  const columns: ColumnSchema[] = [
    { name: key, type: 'INTEGER', nullable: false, primaryKey: true },
    ...others.map((n, i): ColumnSchema => {
      const type = TYPES[(index + i) % TYPES.length];
      const text = type === 'TEXT';
      return {
        name: n,
        type,
        nullable: true,
        primaryKey: false,
        ...(text && i % 2 === 0 ? { sampleValues: ['constructor', 'toString', '__proto__', 'McLaren'] } : {}),
        ...(text && i % 2 === 1 ? { knownValues: [...PROTOTYPE_KEYS, 'hasOwnProperty value', 'British'] } : {}),
      };
    }),
  ];
  return { name, kind: 'table', columns, primaryKey: [key], foreignKeys: [] };
}

const tables = PROTOTYPE_KEYS.map(table);
// each table after the first references the previous one, through its first integer non-key column
for (let i = 1; i < tables.length; i++) {
  const from = tables[i].columns.find((c) => !c.primaryKey && c.type === 'INTEGER');
  if (from)
    tables[i].foreignKeys.push({
      columns: [from.name],
      referencedTable: tables[i - 1].name,
      referencedColumns: tables[i - 1].primaryKey,
    });
}

/**
 * Test fixture: a schema whose every table and column name is an Object.prototype key (constructor,
 * __proto__, toString, valueOf, hasOwnProperty, ...), with foreign keys between the tables, columns of each kind the
 * engine distinguishes (number, text, date), and stored values that are prototype keys too. A plain-object lookup
 * keyed by any of these names "finds" an inherited function; the engine must treat them as ordinary names.
 */
export const PROTOTYPE_SCHEMA: DatabaseSchema = {
  dialect: 'sqlite',
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'fixture-prototype-keys',
  tables,
};
