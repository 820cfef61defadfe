import type { DatabaseSchema, Dialect, KnowledgeDefinition, RelationshipDefinitionBody } from '@nlq/contracts';
import { columnReference } from '@nlq/db-drivers';

/** A relationship definition as stored. */
export type RelationshipDefinition = Extract<KnowledgeDefinition, { kind: 'relationship' }>;

/**
 * The schema with each declared relationship (docs/knowledge.md "Relationships") as a foreign key of its child table,
 * so that the offline engine's join planner, schema linking and the prompts join on it as on a declared key. A
 * relationship whose tables or columns the schema lacks, or that the schema already declares, adds nothing. Pure;
 * the same schema object is answered when there are none.
 */
export function withRelationships(
  schema: DatabaseSchema,
  relationships: ReadonlyArray<Pick<RelationshipDefinitionBody, 'from' | 'to'>>,
  dialect: Dialect = schema.dialect,
): DatabaseSchema {
  if (relationships.length === 0) return schema;
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
  const findColumn = (ref: NonNullable<ReturnType<typeof columnReference>>) => {
    const table = schema.tables.find((t) => same(t.name, ref.table) && (!ref.schema || same(t.schema, ref.schema)));
    const column = table?.columns.find((c) => same(c.name, ref.column));
    return table && column ? { table, column: column.name } : null;
  };
  const added = new Map<string, DatabaseSchema['tables'][number]['foreignKeys']>();
  for (const r of relationships) {
    const childRef = columnReference(r.from, dialect);
    const parentRef = columnReference(r.to, dialect);
    const child = childRef && findColumn(childRef);
    const parent = parentRef && findColumn(parentRef);
    if (!child || !parent) continue;
    const referencedTable = parent.table.schema ? `${parent.table.schema}.${parent.table.name}` : parent.table.name;
    const declared = child.table.foreignKeys.some(
      (fk) => fk.columns.length === 1 && same(fk.columns[0], child.column) && same(fk.referencedTable, referencedTable),
    );
    if (declared) continue;
    const key = `${child.table.schema ?? ''}.${child.table.name}`;
    added.set(key, [
      ...(added.get(key) ?? []),
      { columns: [child.column], referencedTable, referencedColumns: [parent.column] },
    ]);
  }
  if (added.size === 0) return schema;
  const tables = schema.tables.map((t) => {
    const extra = added.get(`${t.schema ?? ''}.${t.name}`);
    return extra ? { ...t, foreignKeys: [...t.foreignKeys, ...extra] } : t;
  });
  return { ...schema, tables };
}
