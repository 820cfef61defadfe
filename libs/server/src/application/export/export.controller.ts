import { Controller, Get, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiProperty,
  ApiPropertyOptional,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { ExportService, type ExportFormat } from './export.service';

/** `?entry_id=&format=` of GET /api/export. */
export class ExportQueryDto {
  @ApiProperty({ description: 'history_entry_id of a question (POST /api/chat answers it)' })
  @IsString()
  @Length(1, 64)
  entry_id!: string;

  @ApiPropertyOptional({ enum: ['csv', 'json'], default: 'csv' })
  @IsOptional()
  @IsIn(['csv', 'json'])
  format?: ExportFormat;
}

/** GET /api/export (docs/http-api.md "Contract: application surface", "data export"). */
@ApiTags('application: export')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api')
export class ExportController {
  constructor(private readonly exportService: ExportService) {}

  @Get('export')
  @ApiOperation({
    summary: "Download the rows of one of the caller's questions as CSV (RFC 4180) or JSON",
    description:
      'Re-runs the read SQL of the history entry in a read-only transaction, at most EXPORT_MAX_ROWS rows, and streams the file ' +
      '(Content-Disposition attachment; filename nlq-<question words>-<entry id prefix>.csv). X-Export-Rows and X-Export-Truncated tell how many rows were written.',
  })
  @ApiProduces('text/csv', 'application/json')
  @ApiOkResponse({ description: 'The file', schema: { type: 'string', format: 'binary' } })
  @ErrorResponseDto.document(400, 401, 404, 422, 502)
  async export(
    @CurrentCaller() caller: Caller,
    @Query() query: ExportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.exportService.prepare(caller, query.entry_id, query.format ?? 'csv');
    void reply.header('X-Export-Rows', String(file.rowCount)).header('X-Export-Truncated', String(file.truncated));
    return new StreamableFile(file.stream, {
      type: file.contentType,
      disposition: `attachment; filename="${file.filename}"`,
    });
  }
}
