import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { RefreshResponseDto } from './dto/refresh-response.dto';
import { SchemaService } from './schema.service';

/** POST /refresh (docs/http-api.md "Contract: query adapter"). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class SchemaController {
  constructor(private readonly schemaService: SchemaService) {}

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refresh the schema cache' })
  @ApiOkResponse({ type: RefreshResponseDto })
  @ErrorResponseDto.document(401, 502)
  refresh(): Promise<RefreshResponseDto> {
    return this.schemaService.refresh();
  }
}
