import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { Schedule, ScheduleList, ScheduleRun, ScheduleRunList } from '@nlq/contracts';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import {
  CreateScheduleDto,
  ScheduleDto,
  ScheduleListDto,
  ScheduleRunDto,
  ScheduleRunListDto,
  UpdateScheduleDto,
} from './dto/schedule.dto';
import { SchedulesService } from './schedules.service';

/**
 * /api/schedules (docs/http-api.md "Schedules and alerts"): saved answers and boards delivered on a cron schedule
 * to webhooks and email, optionally only when a condition holds. Changes need `analyst` or stronger; a user sees its
 * own schedules, an admin every one.
 */
@ApiTags('application: schedules')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/schedules')
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get()
  @ApiOperation({ summary: "The caller's schedules (admin: everyone's), newest first" })
  @ApiOkResponse({ type: ScheduleListDto })
  @ErrorResponseDto.document(401)
  list(@CurrentCaller() caller: Caller): Promise<ScheduleList> {
    return this.schedules.list(caller);
  }

  @Post()
  @ApiOperation({
    summary: 'Schedule a saved answer or a board (analyst or stronger)',
    description:
      'A bad cron, time zone, target, URL host or email address answers 400 VALIDATION naming the field; email targets need SMTP_URL.',
  })
  @ApiCreatedResponse({ type: ScheduleDto })
  @ErrorResponseDto.document(400, 401, 403, 404)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateScheduleDto): Promise<Schedule> {
    return this.schedules.create(caller, { ...body });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One schedule (webhook URLs as scheme and host only)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ScheduleDto })
  @ErrorResponseDto.document(401, 404)
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<Schedule> {
    return this.schedules.get(caller, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change name, cron, timezone, enabled, deliver (the whole list) or condition' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ScheduleDto })
  @ErrorResponseDto.document(400, 401, 403, 404)
  update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: UpdateScheduleDto): Promise<Schedule> {
    return this.schedules.update(caller, id, { ...body });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a schedule and its run history' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 403, 404)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    await this.schedules.remove(caller, id);
  }

  @Post(':id/run')
  @HttpCode(202)
  @ApiOperation({ summary: 'Run a schedule now: answers the pending run; its history shows the delivery' })
  @ApiParam({ name: 'id' })
  @ApiAcceptedResponse({ type: ScheduleRunDto })
  @ErrorResponseDto.document(401, 403, 404)
  run(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<ScheduleRun> {
    return this.schedules.runNow(caller, id);
  }

  @Get(':id/runs')
  @ApiOperation({ summary: 'The run history, newest first: status, condition_met, each delivery with its attempts' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: ScheduleRunListDto })
  @ErrorResponseDto.document(401, 404)
  runs(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<ScheduleRunList> {
    return this.schedules.runs(caller, id);
  }
}
