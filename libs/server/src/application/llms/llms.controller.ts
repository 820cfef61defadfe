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
import { TestResultDto } from '../connections/dto/connection.dto';
import { CreateLlmDto, LlmViewDto, UpdateLlmDto } from './dto/llm.dto';
import { LlmsService } from './llms.service';

/** /api/llms: model provider settings (API keys encrypted at rest, never returned). */
@ApiTags('application: models')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/llms')
export class LlmsController {
  constructor(private readonly llms: LlmsService) {}

  @Get()
  @ApiOperation({ summary: 'Every model provider setting, oldest first' })
  @ApiOkResponse({ type: LlmViewDto, isArray: true })
  @ErrorResponseDto.document(401)
  list(): Promise<LlmViewDto[]> {
    return this.llms.list();
  }

  @Post()
  @RequireRole('admin')
  @ApiOperation({ summary: 'Add a model provider setting' })
  @ApiCreatedResponse({ type: LlmViewDto })
  @ErrorResponseDto.document(400, 401, 409)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateLlmDto): Promise<LlmViewDto> {
    return this.llms.create(body, caller);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One model provider setting' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: LlmViewDto })
  @ErrorResponseDto.document(401, 404)
  get(@Param('id') id: string): Promise<LlmViewDto> {
    return this.llms.get(id);
  }

  @Patch(':id')
  @RequireRole('admin')
  @ApiOperation({ summary: 'Change a setting (api_key null clears it, absent keeps it)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: LlmViewDto })
  @ErrorResponseDto.document(400, 401, 404, 409)
  update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: UpdateLlmDto): Promise<LlmViewDto> {
    return this.llms.update(id, body, caller);
  }

  @Delete(':id')
  @RequireRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a setting (not the active one: 409)' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 404, 409)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.llms.remove(id, caller);
  }

  @Post(':id/test')
  @RequireRole('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ping the provider (10 s at most); a failure is ok false with the reason' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: TestResultDto })
  @ErrorResponseDto.document(400, 401, 404)
  test(@Param('id') id: string): Promise<TestResultDto> {
    return this.llms.test(id);
  }

  @Post(':id/activate')
  @RequireRole('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make it the provider of the next question' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: LlmViewDto })
  @ErrorResponseDto.document(401, 404)
  activate(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<LlmViewDto> {
    return this.llms.activate(id, caller);
  }
}
