import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Principal } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { ConnectionGuideService } from './connection-guide.service';
import { ConnectionSchemaDto, ExampleQuestionsDto } from './dto/connection-guide.dto';

/** /api/connections/{id}/schema and /example-questions: what the web chat shows to find one's way. */
@ApiTags('application: connections')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/connections')
export class ConnectionGuideController {
  constructor(private readonly guide: ConnectionGuideService) {}

  @Get(':id/schema')
  @ApiOperation({
    summary: "The connection's tables and columns with types and primary and foreign keys, from the schema cache",
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ConnectionSchemaDto })
  @ErrorResponseDto.document(401, 404, 502)
  schema(@CurrentCaller() caller: Principal, @Param('id') id: string): Promise<ConnectionSchemaDto> {
    return this.guide.schema(caller, id);
  }

  @Get(':id/example-questions')
  @ApiOperation({
    summary:
      "Example questions built from the connection's schema, each answered with rows by the offline engine before it is listed",
    description:
      'Built from tables, columns and foreign keys (counts, totals per category, top 5), checked read-only; cached per schema version. May be empty.',
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ExampleQuestionsDto })
  @ErrorResponseDto.document(401, 404, 502)
  exampleQuestions(@CurrentCaller() caller: Principal, @Param('id') id: string): Promise<ExampleQuestionsDto> {
    return this.guide.exampleQuestions(caller, id);
  }
}
