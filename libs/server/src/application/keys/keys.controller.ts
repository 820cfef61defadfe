import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { ApiKeyService } from '../../platform/auth/api-key.service';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { assertService } from '../../platform/auth/service-only';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { ApiKeyViewDto, WhoAmIDto } from './dto/api-key-view.dto';
import { IssueKeyDto } from './dto/issue-key.dto';

/** GET /api/me and the user-bound keys under /api/keys (spec 5.5); managing keys needs the service key. */
@ApiTags('application: keys')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api')
export class KeysController {
  constructor(private readonly keys: ApiKeyService) {}

  @Get('me')
  @ApiOperation({ summary: 'Who the X-API-Key identifies' })
  @ApiOkResponse({ type: WhoAmIDto })
  @ErrorResponseDto.document(401)
  me(@CurrentCaller() caller: Caller): WhoAmIDto {
    return { user_id: caller.userId, service: caller.service };
  }

  @Post('keys')
  @ApiOperation({ summary: 'Issue a key bound to a user (service key only); the key is answered once' })
  @ApiCreatedResponse({ type: ApiKeyViewDto })
  @ErrorResponseDto.document(400, 401, 403)
  issue(@CurrentCaller() caller: Caller, @Body() body: IssueKeyDto): Promise<ApiKeyViewDto> {
    assertService(caller, 'issue API keys');
    return this.keys.issue(body.user_id, caller);
  }

  @Get('keys')
  @ApiOperation({ summary: 'Issued keys, newest first, without the keys (service key only)' })
  @ApiOkResponse({ type: ApiKeyViewDto, isArray: true })
  @ErrorResponseDto.document(401, 403)
  list(@CurrentCaller() caller: Caller): Promise<ApiKeyViewDto[]> {
    assertService(caller, 'list API keys');
    return this.keys.list();
  }

  @Delete('keys/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an issued key (service key only)' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ErrorResponseDto.document(401, 403, 404)
  async revoke(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    assertService(caller, 'revoke API keys');
    await this.keys.revoke(id, caller);
  }
}
