import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';
import { normalizedWords } from '../words/word-forms';

/** A foreign key read from column names: `child.childColumn` holds values of `parent.parentColumn`. */
export interface InferredKey {
  child: TableSchema;
  childColumn: string;
  parent: TableSchema;
  parentColumn: string;
}

/** Last words of a column that make it a table's key when they follow the table's words: `airline code`. */
const KEY_WORDS = ['id', 'code', 'key', 'no', 'number'];

/**
 * Foreign keys a schema does not declare, read from naming conventions (the heuristics of schema-matching and
 * text-to-SQL schema linking, e.g. IRNet/RAT-SQL's name-based links): a column is taken to reference the table
 * whose words it spells followed by the key,
 * - `customer_id` / `CustomerId` -> the single-column primary key of `customers` (its words then `id`), or
 * - a column named exactly like another table's single-column primary key (`TrackId` -> Track.TrackId), or
 * - `state_name` -> the own name column `state_name` of a table `state` without a primary key;
 * and, for tables without a primary key (catalogs that declare no keys at all):
 * - `business_id` / `airline_code` -> the same-named column of `business` / `airline` (table words then a key
 *   word: id, code, key, no, number), or `restaurant_id` -> `restaurant.id`;
 * - `aid` / `pid` -> the same-named column of the one table whose name's initials spell it before `id`
 *   (`author`, `publication`; academic catalogs abbreviate keys this way).
 * Only one parent may fit; a column already in a declared foreign key, and pairs of tables already linked, are
 * left alone. Pure: reads names only.
 */
export function inferForeignKeys(schema: DatabaseSchema): InferredKey[] {
  const out: InferredKey[] = [];
  const linked = new Set<string>();
  const pair = (a: TableSchema, b: TableSchema) => [a.name, b.name].sort().join('\u0000').toLowerCase();
  // a declared key naming columns that do not exist is dropped by the join planner: it neither links its tables
  // nor holds its column back from inference (LOCATION.RESTAURANT_ID declared against a table without that column)
  const usable = (t: TableSchema) => t.foreignKeys.filter((fk) => declaredKeyExists(schema, t, fk));
  for (const t of schema.tables)
    for (const fk of usable(t)) linked.add(pair(t, { name: fk.referencedTable } as TableSchema));
  for (const child of schema.tables) {
    const declared = new Set(usable(child).flatMap((fk) => fk.columns.map((c) => c.toLowerCase())));
    for (const column of child.columns) {
      if (declared.has(column.name.toLowerCase())) continue;
      // a single-column primary key is the table's own key, unless it spells another table's key: a table keyed by
      // `restaurant_id` continues the rows of `restaurant` one to one
      if (
        child.primaryKey.length === 1 &&
        child.primaryKey[0] === column.name &&
        !spellsOtherKey(schema, child, column.name)
      )
        continue;
      if (ownsKey(child, column.name)) continue;
      const fits = parentsOf(schema, child, column.name);
      if (fits.length !== 1 || linked.has(pair(child, fits[0].parent))) continue;
      out.push({ child, childColumn: column.name, parent: fits[0].parent, parentColumn: fits[0].parentColumn });
    }
  }
  for (const k of out) linked.add(pair(k.child, k.parent));
  for (const k of inclusionKeys(schema)) if (!linked.has(pair(k.child, k.parent))) out.push(k);
  return out;
}

/** True when `columnName` is another table's words then `id` (`restaurant_id` of a table other than `restaurant`). */
function spellsOtherKey(schema: DatabaseSchema, table: TableSchema, columnName: string): boolean {
  const cw = normalizedWords(columnName).join(' ');
  return schema.tables.some((t) => t !== table && cw === `${normalizedWords(t.name).join(' ')} id`);
}

/** True when every column of a declared foreign key exists, in its table and in the table it references. */
function declaredKeyExists(
  schema: DatabaseSchema,
  table: TableSchema,
  fk: TableSchema['foreignKeys'][number],
): boolean {
  const parent = schema.tables.find((t) => t.name.toLowerCase() === fk.referencedTable.toLowerCase());
  const has = (t: TableSchema, columns: string[]) =>
    columns.every((c) => t.columns.some((col) => col.name.toLowerCase() === c.toLowerCase()));
  return !!parent && has(table, fk.columns) && has(parent, fk.referencedColumns);
}

/** Distinct values a text column is known to hold: its sample values, else its known values (value retrieval). */
function valuesOf(column: ColumnSchema): string[] {
  return column.sampleValues?.length ? column.sampleValues : (column.knownValues ?? []);
}

/** Fewest distinct values a column must show before its values are taken as evidence of a reference. */
const MIN_INCLUSION_VALUES = 5;

/**
 * Keys read from the data (inclusion dependencies, as in schema-matching and data-profiling work such as
 * De Marchi et al. 2009): a text column whose every stored value (at least five of them) is a value of another
 * table's name column (`<table> name`) references that table: `river.traverse` holds state names, so it
 * references `state.state_name`. Only one parent may fit; tables already linked are left to the naming rules.
 */
function inclusionKeys(schema: DatabaseSchema): InferredKey[] {
  const names: Array<{ table: TableSchema; column: ColumnSchema; values: Set<string> }> = [];
  for (const table of schema.tables) {
    const tw = normalizedWords(table.name).join(' ');
    for (const column of table.columns) {
      const values = valuesOf(column);
      if (values.length >= MIN_INCLUSION_VALUES && normalizedWords(column.name).join(' ') === `${tw} name`)
        names.push({ table, column, values: new Set(values) });
    }
  }
  const out: InferredKey[] = [];
  for (const child of schema.tables) {
    for (const column of child.columns) {
      const values = valuesOf(column);
      if (values.length < MIN_INCLUSION_VALUES || names.some((n) => n.table === child && n.column === column)) continue;
      const fits = names.filter((n) => n.table !== child && values.every((v) => n.values.has(v)));
      if (fits.length === 1)
        out.push({ child, childColumn: column.name, parent: fits[0].table, parentColumn: fits[0].column.name });
    }
  }
  return out;
}

/**
 * The column that identifies the rows of `table`: its single-column primary key, else (a table without declared
 * keys) the one column named as its own key by the rules of ownsKey (`paper.paperid`, `author.aid`); else null.
 */
export function ownKeyColumn(table: TableSchema): string | null {
  if (table.primaryKey.length === 1) return table.primaryKey[0];
  if (table.primaryKey.length) return null;
  const own = table.columns.filter((c) => ownsKey(table, c.name));
  return own.length === 1 ? own[0].name : null;
}

/** True when a keyless table's column is its own key by the naming rules (`author.aid`, `airline.airline_code`). */
function ownsKey(table: TableSchema, columnName: string): boolean {
  if (table.primaryKey.length) return false;
  const words = normalizedWords(table.name);
  const cw = normalizedWords(columnName).join(' ');
  return (
    KEY_WORDS.some((k) => keyOf(cw, words.join(' '), k)) ||
    columnName.toLowerCase() === `${words.map((w) => w[0]).join('')}id`
  );
}

/** True when column words `cw` are table words `tw` then key word `k`, spaced or run together (`paperid`). */
function keyOf(cw: string, tw: string, k: string): boolean {
  return cw === `${tw} ${k}` || cw.replace(/ /g, '') === `${tw.replace(/ /g, '')}${k}`;
}

/** The tables `child.column` may reference by the rules of inferForeignKeys, each with the referenced column. */
function parentsOf(
  schema: DatabaseSchema,
  child: TableSchema,
  columnName: string,
): Array<{ parent: TableSchema; parentColumn: string }> {
  const cw = normalizedWords(columnName).join(' ');
  const fits: Array<{ parent: TableSchema; parentColumn: string }> = [];
  const own = (parent: TableSchema, name: string) =>
    parent.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
  for (const parent of schema.tables) {
    if (parent === child) continue;
    const words = normalizedWords(parent.name);
    const tw = words.join(' ');
    const pk = parent.primaryKey.length === 1 ? parent.primaryKey[0] : null;
    if (pk) {
      if (cw === `${tw} id` || (columnName.toLowerCase() === pk.toLowerCase() && normalizedWords(pk).length > 1))
        fits.push({ parent, parentColumn: pk });
      continue;
    }
    if (parent.primaryKey.length) continue;
    const sameNamed = own(parent, columnName);
    if (cw === `${tw} name` || (sameNamed && KEY_WORDS.some((k) => keyOf(cw, tw, k)))) {
      const key = parent.columns.find((c) => normalizedWords(c.name).join(' ') === cw);
      if (key) fits.push({ parent, parentColumn: key.name });
    } else if (keyOf(cw, tw, 'id') && own(parent, 'id')) {
      fits.push({ parent, parentColumn: own(parent, 'id')!.name });
    } else if (sameNamed && columnName.toLowerCase() === `${words.map((w) => w[0]).join('')}id`) {
      fits.push({ parent, parentColumn: sameNamed.name });
    }
  }
  return fits;
}
