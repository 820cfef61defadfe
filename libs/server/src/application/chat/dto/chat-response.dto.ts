import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANSWER_WARNING_CODES, type AnswerWarning } from '@nlq/contracts';
import type { ChartSuggestion, ChatResponse, Clarification, ClarificationOption, SqlKind } from '@nlq/contracts';
import { QueryResponseDto } from '../../../adapter/query/dto/query-response.dto';

/** How the web app may chart the result. */
export class ChartSuggestionDto implements ChartSuggestion {
  @ApiProperty({ enum: ['bar', 'line', 'pie', 'number'] })
  type!: 'bar' | 'line' | 'pie' | 'number';

  @ApiPropertyOptional({ description: 'Category or time column (absent for number)' })
  x?: string;

  @ApiProperty({ type: [String], description: 'Numeric columns to plot' })
  y!: string[];
}

/** One reading a person can choose. */
export class ClarificationOptionDto implements ClarificationOption {
  @ApiProperty({ example: '1', description: 'Send as clarification_option to answer this reading' })
  id!: string;

  @ApiProperty({ example: "customers whose city is 'London'" })
  label!: string;
}

/** The question asked back and its 2 to 5 options. */
export class ClarificationDto implements Clarification {
  @ApiProperty({ example: 'Which "London" do you mean?' })
  question!: string;

  @ApiProperty({ type: [ClarificationOptionDto] })
  options!: ClarificationOptionDto[];
}

/** Answer of POST /api/chat: the fields of POST /query plus the rows and what the web app shows. */
export class ChatResponseDto extends QueryResponseDto implements ChatResponse {
  @ApiProperty({ type: [String] })
  columns!: string[];

  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: {} },
    description: 'Rows aligned with columns, at most MAX_RESULT_ROWS',
  })
  rows!: unknown[][];

  @ApiProperty({ description: 'Rows in `rows`' })
  row_count!: number;

  @ApiProperty({ description: 'true when more rows existed than MAX_RESULT_ROWS' })
  truncated!: boolean;

  @ApiProperty({ type: ChartSuggestionDto, nullable: true, description: 'null when a table is the best view' })
  chart!: ChartSuggestionDto | null;

  @ApiProperty({ description: 'GET /api/traces/{trace_id} shows the stages' })
  trace_id!: string;

  @ApiProperty({ description: 'History entry of this question (GET /api/export?entry_id=)' })
  history_entry_id!: string;

  @ApiProperty({ enum: ['read', 'write', 'ddl', 'refused'], nullable: true })
  kind!: SqlKind | null;

  @ApiProperty({ description: 'true when the answer came from the result cache' })
  cached!: boolean;

  @ApiProperty()
  connection_id!: string;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description:
      'When pending_approval: rows the write would change, counted read-only; null for DDL or when it could not be counted',
  })
  estimated_rows?: number | null;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      properties: { rule: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
    },
    description:
      'Deterministic repairs made to the SQL before it ran (double-quoted literals, keyword names); empty when it ran as written',
  })
  repairs!: Array<{ rule: string; from: string; to: string }>;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'What the executed SQL computed, in plain English, derived from the parsed statement; null when nothing ran',
  })
  reading!: string | null;

  @ApiProperty({
    type: ClarificationDto,
    nullable: true,
    description:
      'Set (success false, error null) when nlq asks back instead of guessing; answer with clarification_option',
  })
  clarification!: ClarificationDto | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'When truncated: the rows the statement returns without the row limit, if they could be counted',
  })
  total_rows!: number | null;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['metric', 'filter', 'synonym', 'instruction', 'description', 'relationship'] },
        id: { type: 'string' },
        name: { type: 'string' },
        version: { type: 'integer' },
      },
    },
    description:
      'The business definitions the question matched and the SQL was held to (docs/knowledge.md); empty when none applied',
  })
  knowledge!: Array<{
    kind: 'metric' | 'filter' | 'synonym' | 'instruction' | 'description' | 'relationship';
    id: string;
    name: string;
    version: number;
  }>;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: [...ANSWER_WARNING_CODES] },
        message: { type: 'string' },
        words: { type: 'array', items: { type: 'string' } },
      },
    },
    description:
      'What the answer check found in the SQL that ran and a person should check (docs/http-api.md "Answer warnings"); empty when none',
  })
  warnings!: AnswerWarning[];
}
