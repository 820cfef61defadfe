import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { RequireRole } from '../../platform/auth/required-role';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { RefreshResponseDto } from '../../adapter/schema/dto/refresh-response.dto';
import { ConnectionsService } from './connections.service';
import { ConnectionViewDto, CreateConnectionDto, TestResultDto, UpdateConnectionDto } from './dto/connection.dto';

const GUARD_NOTE =
  'URLs are accepted only for loopback hosts, the host of QUERY_DATABASE_URL and CONNECTION_ALLOWED_HOSTS; SQLite files only under DATA_DIR or SQLITE_ALLOWED_DIRS (400 otherwise, nothing is contacted).';

/** /api/connections: database connections (passwords encrypted at rest, never returned). */
@ApiTags('application: connections')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/connections')
export class ConnectionsController {
  constructor(private readonly connections: ConnectionsService) {}

  @Get()
  @ApiOperation({ summary: 'Every connection, oldest first' })
  @ApiOkResponse({ type: ConnectionViewDto, isArray: true })
  @ErrorResponseDto.document(401)
  list(): Promise<ConnectionViewDto[]> {
    return this.connections.list();
  }

  @Post()
  @RequireRole('admin')
  @ApiOperation({ summary: 'Add a connection', description: GUARD_NOTE })
  @ApiCreatedResponse({ type: ConnectionViewDto })
  @ErrorResponseDto.document(400, 401, 409)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateConnectionDto): Promise<ConnectionViewDto> {
    return this.connections.create(body, caller);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One connection' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ConnectionViewDto })
  @ErrorResponseDto.document(401, 404)
  get(@Param('id') id: string): Promise<ConnectionViewDto> {
    return this.connections.get(id);
  }

  @Patch(':id')
  @RequireRole('admin')
  @ApiOperation({
    summary: 'Rename or change the URL (a password sent as *** keeps the stored one)',
    description: GUARD_NOTE,
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ConnectionViewDto })
  @ErrorResponseDto.document(400, 401, 404, 409)
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateConnectionDto,
  ): Promise<ConnectionViewDto> {
    return this.connections.update(id, body, caller);
  }

  @Delete(':id')
  @RequireRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a connection (not the active one: 409)' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 404, 409)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.connections.remove(id, caller);
  }

  @Post(':id/test')
  @RequireRole('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connect, ping and count the tables (10 s at most); a failure is ok false with the reason' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: TestResultDto })
  @ErrorResponseDto.document(400, 401, 404)
  test(@Param('id') id: string): Promise<TestResultDto> {
    return this.connections.test(id);
  }

  @Post(':id/activate')
  @RequireRole('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make it the connection questions use when they name none' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ConnectionViewDto })
  @ErrorResponseDto.document(401, 404)
  activate(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<ConnectionViewDto> {
    return this.connections.activate(id, caller);
  }

  @Post(':id/refresh')
  @RequireRole('admin')
  @HttpCode(200)
  @ApiOperation({ summary: "Reload the connection's schema cache" })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: RefreshResponseDto })
  @ErrorResponseDto.document(401, 404, 502)
  refresh(@Param('id') id: string): Promise<RefreshResponseDto> {
    return this.connections.refresh(id);
  }
}
