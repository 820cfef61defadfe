import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { ApiHealthService } from './api-health.service';
import { ApiHealthResponseDto } from './dto/api-health-response.dto';

/** GET /api/health (docs/http-api.md "Contract: application surface"). */
@ApiTags('application: health')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api')
export class ApiHealthController {
  constructor(private readonly healthService: ApiHealthService) {}

  @Get('health')
  @ApiOperation({ summary: 'Health plus reachability of the active database and model (each bounded by 3 s)' })
  @ApiOkResponse({ type: ApiHealthResponseDto })
  @ErrorResponseDto.document(401)
  health(): Promise<ApiHealthResponseDto> {
    return this.healthService.health();
  }
}
