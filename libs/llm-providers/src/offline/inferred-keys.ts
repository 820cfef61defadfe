import type { DatabaseSchema, TableSchema } from '@nlq/contracts';
import { normalizedWords } from './word-forms';

/** A foreign key read from column names: `child.childColumn` holds values of `parent.parentColumn`. */
export interface InferredKey {
  child: TableSchema;
  childColumn: string;
  parent: TableSchema;
  parentColumn: string;
}

/**
 * Foreign keys a schema does not declare, read from naming conventions (the heuristics of schema-matching and
 * text-to-SQL schema linking, e.g. IRNet/RAT-SQL's name-based links): a column is taken to reference the table
 * whose words it spells followed by the key,
 * - `customer_id` / `CustomerId` -> the single-column primary key of `customers` (its words then `id`), or
 * - a column named exactly like another table's single-column primary key (`TrackId` -> Track.TrackId), or
 * - `state_name` -> the own name column `state_name` of a table `state` without a primary key.
 * Only one parent may fit; a column already in a declared foreign key, and pairs of tables already linked, are
 * left alone. Pure: reads names only.
 */
export function inferForeignKeys(schema: DatabaseSchema): InferredKey[] {
  const out: InferredKey[] = [];
  const linked = new Set<string>();
  const pair = (a: TableSchema, b: TableSchema) => [a.name, b.name].sort().join('\u0000').toLowerCase();
  for (const t of schema.tables) for (const fk of t.foreignKeys) linked.add(pair(t, { name: fk.referencedTable } as TableSchema));
  for (const child of schema.tables) {
    const declared = new Set(child.foreignKeys.flatMap((fk) => fk.columns.map((c) => c.toLowerCase())));
    for (const column of child.columns) {
      if (declared.has(column.name.toLowerCase())) continue;
      if (child.primaryKey.length === 1 && child.primaryKey[0] === column.name) continue;
      const cw = normalizedWords(column.name).join(' ');
      const fits: Array<{ parent: TableSchema; parentColumn: string }> = [];
      for (const parent of schema.tables) {
        if (parent === child) continue;
        const tw = normalizedWords(parent.name).join(' ');
        const pk = parent.primaryKey.length === 1 ? parent.primaryKey[0] : null;
        if (pk && (cw === `${tw} id` || (column.name.toLowerCase() === pk.toLowerCase() && normalizedWords(pk).length > 1))) {
          fits.push({ parent, parentColumn: pk });
        } else if (!parent.primaryKey.length && cw === `${tw} name`) {
          const own = parent.columns.find((c) => normalizedWords(c.name).join(' ') === cw);
          if (own) fits.push({ parent, parentColumn: own.name });
        }
      }
      if (fits.length !== 1 || linked.has(pair(child, fits[0].parent))) continue;
      out.push({ child, childColumn: column.name, parent: fits[0].parent, parentColumn: fits[0].parentColumn });
    }
  }
  return out;
}
