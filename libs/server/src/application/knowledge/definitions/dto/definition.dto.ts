import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  KNOWLEDGE_DEFINITION_KINDS,
  KNOWLEDGE_DEFINITION_STATUSES,
  type KnowledgeDefinition,
  type KnowledgeDefinitionStatus,
  type KnowledgeDefinitionKind,
  type KnowledgeImportResult,
  type Page,
} from '@nlq/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from '../../../api-sessions/dto/page-query.dto';
import type { DefinitionChangeKind } from '../../../../platform/state/repositories/knowledge-definitions.repository';

/** Longest name or synonym, in characters. */
export const MAX_DEFINITION_NAME = 128;
/** Most synonyms of one definition. */
export const MAX_SYNONYMS = 50;
/** Longest description, in characters. */
export const MAX_DESCRIPTION = 2000;
/** Longest SQL expression, condition or target, in characters. */
export const MAX_DEFINITION_SQL = 4000;
/** Longest instruction text, in characters. */
export const MAX_INSTRUCTION = 8000;
/** Longest YAML document POST /api/knowledge/import reads, in characters. */
export const MAX_IMPORT_YAML = 1_000_000;

const NAMED: ReadonlySet<KnowledgeDefinitionKind> = new Set(['metric', 'filter', 'synonym']);
const named = (o: { kind?: string }) => NAMED.has(o.kind as KnowledgeDefinitionKind);

/**
 * The definition of any kind, as an admin writes it (libs/contracts knowledge.ts). Which fields are
 * required depends on `kind`: metric `name, expression` (+ `filter`), filter `name, condition`, synonym `name,
 * target`, instruction `text, scope`; `synonyms` and `description` are optional. A field of another kind is a 400.
 */
export class DefinitionBodyDto {
  @ApiProperty({ enum: KNOWLEDGE_DEFINITION_KINDS })
  @IsIn(KNOWLEDGE_DEFINITION_KINDS as KnowledgeDefinitionKind[])
  kind!: KnowledgeDefinitionKind;

  @ApiPropertyOptional({
    description: 'metric, filter, synonym: unique among the live definitions of the connection',
    maxLength: MAX_DEFINITION_NAME,
    example: 'revenue',
  })
  @ValidateIf((o) => named(o) || o.name !== undefined)
  @IsString()
  @Length(1, MAX_DEFINITION_NAME)
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'metric, filter, synonym: other words for the name',
    example: ['sales', 'turnover'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SYNONYMS)
  @IsString({ each: true })
  @Length(1, MAX_DEFINITION_NAME, { each: true })
  synonyms?: string[];

  @ApiPropertyOptional({
    description: 'metric, filter: what it means, for people and models',
    maxLength: MAX_DESCRIPTION,
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION)
  description?: string;

  @ApiPropertyOptional({
    description: "metric: an SQL aggregate in the connection's dialect, columns as table.column",
    example: 'SUM(order_items.line_total)',
  })
  @ValidateIf((o) => o.kind === 'metric' || o.expression !== undefined)
  @IsString()
  @Length(1, MAX_DEFINITION_SQL)
  expression?: string;

  @ApiPropertyOptional({
    description: 'metric: an SQL condition every use applies',
    example: "orders.status <> 'cancelled'",
    nullable: true,
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DEFINITION_SQL)
  filter?: string | null;

  @ApiPropertyOptional({ description: 'filter: the SQL condition', example: "customers.country = 'France'" })
  @ValidateIf((o) => o.kind === 'filter' || o.condition !== undefined)
  @IsString()
  @Length(1, MAX_DEFINITION_SQL)
  condition?: string;

  @ApiPropertyOptional({
    description: "synonym: table, table.column or table.column = 'value'; description: table or table.column",
    example: "orders.channel = 'web'",
  })
  @ValidateIf((o) => o.kind === 'synonym' || o.kind === 'description' || o.target !== undefined)
  @IsString()
  @Length(1, MAX_DEFINITION_SQL)
  target?: string;

  @ApiPropertyOptional({
    description: 'instruction: free text for models; description: what the target table or column means',
    maxLength: MAX_INSTRUCTION,
  })
  @ValidateIf((o) => o.kind === 'instruction' || o.kind === 'description' || o.text !== undefined)
  @IsString()
  @Length(1, MAX_INSTRUCTION)
  text?: string;

  @ApiPropertyOptional({
    enum: ['sql', 'answer'],
    description: 'instruction: whether it guides the SQL or the wording of answers',
  })
  @ValidateIf((o) => o.kind === 'instruction' || o.scope !== undefined)
  @IsIn(['sql', 'answer'])
  scope?: 'sql' | 'answer';

  @ApiPropertyOptional({ description: 'relationship: the child column, table.column', example: 'orders.customer_id' })
  @ValidateIf((o) => o.kind === 'relationship' || o.from !== undefined)
  @IsString()
  @Length(1, MAX_DEFINITION_NAME * 2)
  from?: string;

  @ApiPropertyOptional({
    description: 'relationship: the parent column it refers to',
    example: 'customers.customer_id',
  })
  @ValidateIf((o) => o.kind === 'relationship' || o.to !== undefined)
  @IsString()
  @Length(1, MAX_DEFINITION_NAME * 2)
  to?: string;
}

/** Body of POST /api/knowledge/definitions: a definition and the connection it belongs to. */
export class CreateDefinitionDto extends DefinitionBodyDto {
  @ApiPropertyOptional({ description: 'The connection; default the active one' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiPropertyOptional({
    enum: ['active', 'proposed'],
    description:
      'proposed: a proposal, never used at question time until an admin accepts it (an analyst\'s definitions are always proposed); default active for an admin, proposed for an analyst (docs/knowledge.md "Proposals")',
  })
  @IsOptional()
  @IsIn(['active', 'proposed'])
  status?: 'active' | 'proposed';
}

/** Body of PATCH /api/knowledge/definitions/{id}: the fields to change (the kind stays). */
export class UpdateDefinitionDto {
  @ApiPropertyOptional({ enum: KNOWLEDGE_DEFINITION_KINDS, description: 'Must be the stored kind when given' })
  @IsOptional()
  @IsIn(KNOWLEDGE_DEFINITION_KINDS as KnowledgeDefinitionKind[])
  kind?: KnowledgeDefinitionKind;

  @ApiPropertyOptional({ maxLength: MAX_DEFINITION_NAME })
  @IsOptional()
  @IsString()
  @Length(1, MAX_DEFINITION_NAME)
  name?: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SYNONYMS)
  @IsString({ each: true })
  @Length(1, MAX_DEFINITION_NAME, { each: true })
  synonyms?: string[];

  @ApiPropertyOptional({ maxLength: MAX_DESCRIPTION })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION)
  description?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, MAX_DEFINITION_SQL)
  expression?: string;

  @ApiPropertyOptional({ nullable: true, description: 'null removes the filter' })
  @ValidateIf((o) => o.filter !== null && o.filter !== undefined)
  @IsString()
  @MaxLength(MAX_DEFINITION_SQL)
  filter?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, MAX_DEFINITION_SQL)
  condition?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, MAX_DEFINITION_SQL)
  target?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(1, MAX_INSTRUCTION)
  text?: string;

  @ApiPropertyOptional({ enum: ['sql', 'answer'] })
  @IsOptional()
  @IsIn(['sql', 'answer'])
  scope?: 'sql' | 'answer';
}

/** `?connection_id=&kind=&page=&page_size=` of GET /api/knowledge/definitions. */
export class DefinitionQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'The connection; default the active one' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiPropertyOptional({ enum: KNOWLEDGE_DEFINITION_KINDS })
  @IsOptional()
  @IsIn(KNOWLEDGE_DEFINITION_KINDS as KnowledgeDefinitionKind[])
  kind?: KnowledgeDefinitionKind;

  @ApiPropertyOptional({
    enum: KNOWLEDGE_DEFINITION_STATUSES,
    description: 'active (default: the live definitions), proposed (open proposals) or rejected',
  })
  @IsOptional()
  @IsIn(KNOWLEDGE_DEFINITION_STATUSES as readonly string[] as string[])
  status?: KnowledgeDefinitionStatus;
}

/** `?connection_id=` of GET /api/knowledge/export. */
export class ExportQueryDto {
  @ApiPropertyOptional({ description: 'The connection; default the active one' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiPropertyOptional({
    enum: ['nlq', 'dbt'],
    description:
      'nlq (default): every definition; dbt: those imported from dbt, as MetricFlow YAML (docs/knowledge.md "Export to dbt")',
  })
  @IsOptional()
  @IsIn(['nlq', 'dbt'])
  format?: 'nlq' | 'dbt';
}

/** JSON body of POST /api/knowledge/import: the YAML document GET /api/knowledge/export writes. */
export class ImportDto {
  @ApiProperty({ description: 'The YAML document (docs/knowledge.md "YAML")', maxLength: MAX_IMPORT_YAML })
  @IsString()
  @Length(1, MAX_IMPORT_YAML)
  yaml!: string;

  @ApiPropertyOptional({
    description: 'The connection to import into; default the one the document names, else the active one',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  connection_id?: string;

  @ApiPropertyOptional({
    enum: ['nlq', 'dbt'],
    description:
      'nlq (default): the document GET /api/knowledge/export writes; dbt: the YAML documents of a dbt project (models/**/*.yml), concatenated with ---',
  })
  @IsOptional()
  @IsIn(['nlq', 'dbt'])
  format?: 'nlq' | 'dbt';

  @ApiPropertyOptional({
    description: "dbt: import the definitions that hold and skip, with the reason, those that fail nlq's check",
  })
  @IsOptional()
  @IsBoolean()
  partial?: boolean;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "dbt: the connection's table of a dbt model, where it is not the model's name",
    example: { stg_orders: 'orders' },
  })
  @IsOptional()
  @IsObject()
  tables?: Record<string, string>;
}

/** One stored definition (one version of it) as the API answers it. */
export class DefinitionViewDto {
  @ApiProperty() id!: string;
  @ApiProperty() connection_id!: string;
  @ApiProperty({ enum: KNOWLEDGE_DEFINITION_KINDS }) kind!: KnowledgeDefinitionKind;
  @ApiProperty({ description: '1 when created; every change makes the next' }) version!: number;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
  @ApiProperty() updated_by!: string;
  @ApiProperty() deleted!: boolean;
  @ApiProperty({
    nullable: true,
    description:
      'Where it came from: {"source": "dbt", "entry": "metric completed_revenue"} for a dbt import, null when typed in nlq (docs/knowledge.md "Export to dbt")',
    example: { source: 'dbt', entry: 'metric completed_revenue' },
  })
  origin?: { source: 'dbt'; entry: string } | null;
  @ApiProperty({ enum: KNOWLEDGE_DEFINITION_STATUSES, description: 'docs/knowledge.md "Proposals"' })
  status!: KnowledgeDefinitionStatus;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional({ type: [String] }) synonyms?: string[];
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional() expression?: string;
  @ApiPropertyOptional({ nullable: true }) filter?: string | null;
  @ApiPropertyOptional() condition?: string;
  @ApiPropertyOptional() target?: string;
  @ApiPropertyOptional() text?: string;
  @ApiPropertyOptional({ enum: ['sql', 'answer'] }) scope?: 'sql' | 'answer';
  @ApiPropertyOptional() from?: string;
  @ApiPropertyOptional() to?: string;
}

/** A page of definitions. */
export class DefinitionPageDto implements Page<KnowledgeDefinition> {
  @ApiProperty({ type: [DefinitionViewDto] }) items!: KnowledgeDefinition[];
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty() total!: number;
}

/** One version of a definition, with the change that made it. */
export class DefinitionVersionDto extends DefinitionViewDto {
  @ApiProperty({ enum: ['create', 'update', 'delete', 'propose', 'accept', 'reject'] })
  change!: DefinitionChangeKind;
}

/** The versions of one definition, oldest first. */
export class DefinitionVersionsDto {
  @ApiProperty({ type: [DefinitionVersionDto] }) items!: DefinitionVersionDto[];
}

/** Answer of POST /api/knowledge/import. */
export class ImportResultDto implements KnowledgeImportResult {
  @ApiProperty() connection_id!: string;
  @ApiProperty() created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty({ type: [String] }) created_names!: string[];
  @ApiProperty({ type: [String] }) updated_names!: string[];
  @ApiPropertyOptional({ description: 'dbt: every definition imported (created, updated or unchanged), {kind, name}' })
  imported?: Array<{ kind: KnowledgeDefinitionKind; name: string }>;
  @ApiPropertyOptional({ description: 'dbt: what could not be mapped, {name, reason}' })
  skipped?: Array<{ name: string; reason: string }>;
}

/** The fields each kind holds, in the order YAML writes them. */
export const KIND_FIELDS = new Map<KnowledgeDefinitionKind, readonly string[]>([
  ['metric', ['kind', 'name', 'synonyms', 'description', 'expression', 'filter']],
  ['filter', ['kind', 'name', 'synonyms', 'description', 'condition']],
  ['synonym', ['kind', 'name', 'synonyms', 'target']],
  ['instruction', ['kind', 'text', 'scope']],
  ['description', ['kind', 'target', 'text']],
  ['relationship', ['kind', 'from', 'to']],
]);
