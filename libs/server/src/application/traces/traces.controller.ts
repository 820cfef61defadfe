import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { DEFAULT_PAGE_SIZE } from '../api-sessions/dto/page-query.dto';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { TraceDto, TraceQueryDto, TraceSummaryPageDto } from './dto/trace.dto';
import { TracesService } from './traces.service';

/** GET /api/traces and GET /api/traces/{id} (docs/http-api.md "Contract: application surface"). */
@ApiTags('application: traces')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/traces')
export class TracesController {
  constructor(private readonly traces: TracesService) {}

  @Get()
  @ApiOperation({
    summary: "Traces of the caller's questions, newest first (service key: all)",
    description:
      'page_size 1..100 (default 20); next_cursor reads the next page by keyset (pass it as cursor), null at the end; page (offset) still works without a cursor.',
  })
  @ApiOkResponse({ type: TraceSummaryPageDto })
  @ErrorResponseDto.document(400, 401)
  list(@CurrentCaller() caller: Caller, @Query() query: TraceQueryDto): Promise<TraceSummaryPageDto> {
    return this.traces.list(caller, {
      page: query.page ?? 1,
      pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
      sessionId: query.session_id,
      status: query.status,
      cursor: query.cursor ?? null,
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One trace with its stage spans, durations, tokens and errors' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: TraceDto })
  @ErrorResponseDto.document(401, 404)
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<TraceDto> {
    return this.traces.get(caller, id);
  }
}
