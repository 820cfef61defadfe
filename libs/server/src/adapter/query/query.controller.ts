import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { QueryRequestDto } from './dto/query-request.dto';
import { QueryResponseDto } from './dto/query-response.dto';
import { QueryService } from './query.service';
import { RateLimited } from '../../platform/rate-limit/rate-limited.decorator';

/** POST /query (docs/http-api.md "Contract: query adapter"). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class QueryController {
  constructor(private readonly queryService: QueryService) {}

  @Post('query')
  @RateLimited()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Answer a natural-language question',
    description: 'A pipeline failure is success false with error set, not an HTTP error.',
  })
  @ApiOkResponse({ type: QueryResponseDto })
  @ErrorResponseDto.document(400, 401, 404, 413)
  query(@Body() body: QueryRequestDto): Promise<QueryResponseDto> {
    return this.queryService.ask(body);
  }
}
