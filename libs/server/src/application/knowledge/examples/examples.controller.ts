import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../../platform/auth/caller';
import { ErrorResponseDto } from '../../../platform/common/error-response.dto';
import { ExampleQueryDto, VerifiedExampleDto, VerifiedExampleListDto } from './dto/verified-example.dto';
import { ExamplesService } from './examples.service';

/** GET /api/knowledge/examples, POST /api/knowledge/examples/{id}/promote and .../reject. */
@ApiTags('application: knowledge')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/knowledge/examples')
export class ExamplesController {
  constructor(private readonly examples: ExamplesService) {}

  @Get()
  @ApiOperation({ summary: 'Verified examples and candidates, newest change first (service key only)' })
  @ApiOkResponse({ type: VerifiedExampleListDto })
  @ErrorResponseDto.document(400, 401, 403)
  list(@CurrentCaller() caller: Caller, @Query() query: ExampleQueryDto): Promise<VerifiedExampleListDto> {
    return this.examples.list(caller, { status: query.status, connectionId: query.connection_id });
  }

  @Post(':id/promote')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Re-run a candidate read-only and make it a verified few-shot example when its result is unchanged (service key only)',
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: VerifiedExampleDto })
  @ErrorResponseDto.document(401, 403, 404, 409)
  promote(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<VerifiedExampleDto> {
    return this.examples.promote(caller, id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reject an example: it never becomes (or stops being) a few-shot example (service key only)',
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: VerifiedExampleDto })
  @ErrorResponseDto.document(401, 403, 404, 409)
  reject(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<VerifiedExampleDto> {
    return this.examples.reject(caller, id);
  }
}
