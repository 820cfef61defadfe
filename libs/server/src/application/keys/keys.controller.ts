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
import { RequireRole } from '../../platform/auth/required-role';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { ApiKeyViewDto, WhoAmIDto } from './dto/api-key-view.dto';
import { IssueKeyDto } from './dto/issue-key.dto';

/** GET /api/me and the user-bound keys under /api/keys (docs/http-api.md "Contract: authentication" rule 4); managing keys needs the role `admin`. */
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
    return {
      user_id: caller.userId,
      service: caller.via === 'service-key',
      role: caller.role,
      attributes: { ...caller.attributes },
    };
  }

  @Post('keys')
  @RequireRole('admin')
  @ApiOperation({ summary: 'Issue a key bound to a user with a role and attributes (admin); the key is answered once' })
  @ApiCreatedResponse({ type: ApiKeyViewDto })
  @ErrorResponseDto.document(400, 401, 403)
  issue(@CurrentCaller() caller: Caller, @Body() body: IssueKeyDto): Promise<ApiKeyViewDto> {
    return this.keys.issue({ userId: body.user_id, role: body.role, attributes: body.attributes }, caller);
  }

  @Get('keys')
  @RequireRole('admin')
  @ApiOperation({ summary: 'Issued keys, newest first, without the keys (admin)' })
  @ApiOkResponse({ type: ApiKeyViewDto, isArray: true })
  @ErrorResponseDto.document(401, 403)
  list(): Promise<ApiKeyViewDto[]> {
    return this.keys.list();
  }

  @Delete('keys/:id')
  @RequireRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an issued key (admin)' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ErrorResponseDto.document(401, 403, 404)
  async revoke(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.keys.revoke(id, caller);
  }
}
