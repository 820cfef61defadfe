import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { HistoryEntry, HistoryEntryKind, KeptResult } from '@nlq/contracts';

/** One stored history entry (contracts HistoryEntry; the spec leaves its fields to nlq). */
export class HistoryEntryDto implements HistoryEntry {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['query', 'approval', 'rejection', 'feedback'] }) kind!: HistoryEntryKind;
  @ApiProperty() session_id!: string;
  @ApiProperty() user_id!: string;
  @ApiProperty({ type: String, nullable: true }) question!: string | null;
  @ApiProperty({ type: String, nullable: true }) sql!: string | null;
  @ApiProperty({ type: String, nullable: true }) answer!: string | null;
  @ApiProperty({
    description: 'query: ok | error | pending_approval | refused; approval: approved | error; rejection: rejected',
  })
  status!: string;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ type: Number, nullable: true }) row_count!: number | null;
  @ApiProperty({ type: Number, nullable: true }) rows_affected!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'feedback: positive | negative' }) signal!: string | null;
  @ApiProperty({ type: String, nullable: true }) rlhf_signal!: string | null;
  @ApiProperty({ type: String, nullable: true }) trace_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Query entry this feedback/decision refers to' }) ref_id!:
    string | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description:
      'A query held for approval: rows its write would change, counted read-only before anyone decides; null when not counted',
  })
  estimated_rows?: number | null;
  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    description:
      'An answered read: the first page of its rows kept in history, { columns, rows, more } (at most 100 rows and 64 KiB; more: rows were left out; export re-runs the query); GET /api/sessions/{id} adds chart, the chart suggestion for those rows',
    example: {
      columns: ['name', 'total_sales'],
      rows: [['Computers', 732017.18]],
      more: false,
      chart: { type: 'bar', x: 'name', y: ['total_sales'] },
    },
  })
  result?: KeptResult | null;
  @ApiProperty({ description: 'ISO-8601 UTC' }) created_at!: string;
}
