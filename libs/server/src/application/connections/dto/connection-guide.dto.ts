import { ApiProperty } from '@nestjs/swagger';
import type {
  ConnectionSchemaResponse,
  ExampleQuestionsResponse,
  SchemaColumnView,
  SchemaTableView,
} from '@nlq/contracts';

/** A column this column references. */
export class ColumnReferenceDto {
  @ApiProperty() table!: string;
  @ApiProperty() column!: string;
}

/** One column of GET /api/connections/{id}/schema. */
export class SchemaColumnDto implements SchemaColumnView {
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Declared type as the engine spells it' }) type!: string;
  @ApiProperty() nullable!: boolean;
  @ApiProperty() primary_key!: boolean;
  @ApiProperty({
    type: ColumnReferenceDto,
    nullable: true,
    description: 'The referenced table and column of a foreign-key column',
  })
  references!: ColumnReferenceDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'What the column means: its description definition and database comment (docs/knowledge.md)',
  })
  description!: string | null;
}

/** A foreign key of a table. */
export class SchemaForeignKeyDto {
  @ApiProperty({ type: [String] }) columns!: string[];
  @ApiProperty() referenced_table!: string;
  @ApiProperty({ type: [String] }) referenced_columns!: string[];
}

/** One table or view. */
export class SchemaTableDto implements SchemaTableView {
  @ApiProperty({ type: String, nullable: true, description: 'Namespace when not the default' }) schema!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['table', 'view'] }) kind!: 'table' | 'view';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'What the table means: its description definition and database comment (docs/knowledge.md)',
  })
  description!: string | null;
  @ApiProperty({ type: [SchemaColumnDto] }) columns!: SchemaColumnDto[];
  @ApiProperty({ type: [String] }) primary_key!: string[];
  @ApiProperty({ type: [SchemaForeignKeyDto] }) foreign_keys!: SchemaForeignKeyDto[];
}

/** Answer of GET /api/connections/{id}/schema. */
export class ConnectionSchemaDto implements ConnectionSchemaResponse {
  @ApiProperty() connection_id!: string;
  @ApiProperty({ description: 'Content hash of the schema' }) version!: string;
  @ApiProperty({ description: 'ISO-8601 time of the introspection' }) introspected_at!: string;
  @ApiProperty({ type: [SchemaTableDto], description: 'Tables in name order' }) tables!: SchemaTableDto[];
}

/** Answer of GET /api/connections/{id}/example-questions. */
export class ExampleQuestionsDto implements ExampleQuestionsResponse {
  @ApiProperty() connection_id!: string;
  @ApiProperty({ description: 'Version of the schema the questions were checked against' }) schema_version!: string;
  @ApiProperty({ type: [String], description: 'Questions the offline engine answered with rows, checked read-only' })
  questions!: string[];
}
