import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdapterKeyGuard } from '../../platform/auth/adapter-key.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { HealthResponseDto } from './dto/health-response.dto';
import { HealthService } from './health.service';

/** GET /health (docs/http-api.md "Contract: query adapter"). Behind the key when SERVICE_API_KEY is set, like every adapter endpoint (docs/http-api.md "The interface contract"). */
@ApiTags('query adapter')
@ApiSecurity('api_key')
@UseGuards(AdapterKeyGuard)
@Controller()
export class HealthController {
  constructor(private readonly healthService: HealthService) {}

  @Get('health')
  @ApiOperation({ summary: 'Health, schema cache age and mode' })
  @ApiOkResponse({ type: HealthResponseDto })
  @ErrorResponseDto.document(401)
  health(): HealthResponseDto {
    return this.healthService.health();
  }
}
