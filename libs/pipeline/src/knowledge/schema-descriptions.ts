import type {
  DatabaseSchema,
  DescriptionDefinitionBody,
  KnowledgeDefinition,
  RelationshipDefinitionBody,
} from '@nlq/contracts';
import { withRelationships } from './schema-relationships';

/** A description definition as stored. */
export type DescriptionDefinition = Extract<KnowledgeDefinition, { kind: 'description' }>;

/** The live description and relationship definitions among a connection's definitions: what shapes its schema. */
export function descriptionsOf(definitions: readonly KnowledgeDefinition[]): SchemaDefinition[] {
  return definitions.filter(
    (d): d is SchemaDefinition => (d.kind === 'description' || d.kind === 'relationship') && !d.deleted,
  );
}

/** A definition that shapes the schema: a description or a relationship. */
export type SchemaDefinition = Extract<KnowledgeDefinition, { kind: 'description' | 'relationship' }>;

/**
 * The schema a question is answered with: its descriptions laid over the comments (withDescriptions) and its
 * relationships added as foreign keys (withRelationships); docs/knowledge.md "Descriptions" and "Relationships".
 */
export function withSchemaDefinitions(
  schema: DatabaseSchema,
  definitions: ReadonlyArray<DescriptionDefinitionBody | RelationshipDefinitionBody>,
): DatabaseSchema {
  const descriptions = definitions.filter((d): d is DescriptionDefinitionBody => d.kind === 'description');
  const relationships = definitions.filter((d): d is RelationshipDefinitionBody => d.kind === 'relationship');
  return withRelationships(withDescriptions(schema, descriptions), relationships);
}

/** `table`, `table.column` or `schema.table.column` split into its names, quotes removed. */
function targetParts(target: string): string[] {
  return target.split('.').map((p) => p.trim().replace(/^["`[]|["`\]]$/g, ''));
}

/**
 * The schema with each description (docs/knowledge.md "Descriptions") as the comment of its table or column, so
 * that the model prompt, schema linking, the offline engine's words and the schema endpoints use it like a database
 * comment: a description replaces an empty comment and comes first before a different one (`text; comment`).
 * Targets are matched case-insensitively; a target the schema lacks is ignored (the save check refuses it). Pure:
 * the schema given is not changed; the same schema object is answered when there are no descriptions.
 */
export function withDescriptions(
  schema: DatabaseSchema,
  descriptions: ReadonlyArray<Pick<DescriptionDefinitionBody, 'target' | 'text'>>,
): DatabaseSchema {
  if (descriptions.length === 0) return schema;
  const joined = (text: string, comment: string | null | undefined) =>
    !comment || comment.trim() === text.trim() ? text : `${text}; ${comment}`;
  const tables = schema.tables.map((table) => {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const mine = descriptions.filter((d) => {
      const parts = targetParts(d.target);
      if (parts.length === 1) return same(parts[0], table.name);
      if (parts.length === 2)
        return (
          same(parts[0], table.name) ||
          (table.schema ? same(`${parts[0]}.${parts[1]}`, `${table.schema}.${table.name}`) : false)
        );
      return table.schema ? same(parts[0], table.schema) && same(parts[1], table.name) : false;
    });
    if (mine.length === 0) return table;
    const tableText = mine.find(
      (d) =>
        targetParts(d.target).length === 1 ||
        (table.schema && targetParts(d.target).length === 2 && same(targetParts(d.target)[0], table.schema)),
    )?.text;
    const columns = table.columns.map((column) => {
      const text = mine.find((d) => {
        const parts = targetParts(d.target);
        return (
          parts.length >= 2 &&
          same(parts[parts.length - 1], column.name) &&
          !(parts.length === 2 && table.schema && same(parts[0], table.schema))
        );
      })?.text;
      return text ? { ...column, comment: joined(text, column.comment) } : column;
    });
    return { ...table, ...(tableText ? { comment: joined(tableText, table.comment) } : {}), columns };
  });
  return { ...schema, tables };
}
