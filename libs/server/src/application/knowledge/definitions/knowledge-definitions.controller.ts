import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { DbtImportResult, KnowledgeDefinition, KnowledgeImportResult, Page } from '@nlq/contracts';
import type { FastifyReply } from 'fastify';
import { ApiAuthGuard } from '../../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../../platform/auth/caller';
import { assertRole } from '../../../platform/auth/required-role';
import { assertService } from '../../../platform/auth/service-only';
import { ErrorResponseDto } from '../../../platform/common/error-response.dto';
import {
  CreateDefinitionDto,
  DefinitionPageDto,
  DefinitionQueryDto,
  DefinitionVersionsDto,
  DefinitionViewDto,
  ExportQueryDto,
  ImportDto,
  ImportResultDto,
  UpdateDefinitionDto,
} from './dto/definition.dto';
import { KnowledgeDefinitionsService } from './knowledge-definitions.service';

const CHECK_NOTE =
  "Parsed with nlq's SQL parser in the connection's dialect and checked against its introspected schema: a comment, a function outside the per-dialect allow-list, an unknown table or column, a metric expression that is not an aggregate or a filter that is not a row condition answers 400 VALIDATION with the field and the reason. Each SQL part then runs once as a sample under a 2 s timeout: too costly, or refused by the database, is a 400 on its field; an unreachable database a 502 (docs/knowledge.md).";

/**
 * /api/knowledge/definitions and the YAML export and import (docs/knowledge.md): business
 * definitions per connection, versioned and audited. Reading definitions and proposing one needs `analyst`;
 * everything else (changes, accepting or rejecting proposals, export, import) needs `admin` (403 otherwise;
 * docs/knowledge.md "Proposals").
 */
@ApiTags('application: knowledge')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@Controller('api/knowledge')
export class KnowledgeDefinitionsController {
  constructor(private readonly definitions: KnowledgeDefinitionsService) {}

  /** The live definitions of a connection, paged. */
  @Get('definitions')
  @ApiOperation({
    summary:
      'Live definitions of a connection (default the active one), oldest first, paged; optionally of one kind; status=proposed lists the open proposals (analyst or admin)',
  })
  @ApiOkResponse({ type: DefinitionPageDto })
  @ErrorResponseDto.document(400, 401, 403, 404)
  list(@CurrentCaller() caller: Caller, @Query() query: DefinitionQueryDto): Promise<Page<KnowledgeDefinition>> {
    assertRole(caller, 'analyst', 'read knowledge definitions');
    return this.definitions.list(query);
  }

  /**
   * Create a definition: 201 with its id and version 1; an analyst's is a proposal (`status: "proposed"`), never used
   * at question time until an admin accepts it.
   */
  @Post('definitions')
  @ApiOperation({
    summary:
      "Create a definition in a connection (default the active one): version 1 (admin); an analyst's is a proposal, status proposed",
    description: CHECK_NOTE,
  })
  @ApiCreatedResponse({ type: DefinitionViewDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409, 502)
  create(@CurrentCaller() caller: Caller, @Body() body: CreateDefinitionDto): Promise<KnowledgeDefinition> {
    assertRole(caller, 'analyst', 'propose knowledge definitions');
    if (body.status !== 'proposed' && caller.role === 'admin') return this.definitions.create(body, caller);
    if (body.status === 'active') assertService(caller, 'add active knowledge definitions');
    return this.definitions.create(body, caller, 'proposed');
  }

  /** Accept a proposal: it becomes active (the next version) and is used at question time. */
  @Post('definitions/:id/accept')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept a proposed definition: checked again, then active, the next version (admin)',
    description: CHECK_NOTE,
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: DefinitionViewDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409, 502)
  accept(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<KnowledgeDefinition> {
    assertService(caller, 'accept proposed knowledge definitions');
    return this.definitions.decide(id, 'accept', caller);
  }

  /** Reject a proposal: kept as `rejected`, never used. */
  @Post('definitions/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a proposed definition: kept as rejected, the next version, never used (admin)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: DefinitionViewDto })
  @ErrorResponseDto.document(401, 403, 404, 409)
  reject(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<KnowledgeDefinition> {
    assertService(caller, 'reject proposed knowledge definitions');
    return this.definitions.decide(id, 'reject', caller);
  }

  /** One definition (also a deleted one, marked `deleted`). */
  @Get('definitions/:id')
  @ApiOperation({ summary: 'One definition, its current version (analyst or admin)' })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: DefinitionViewDto })
  @ErrorResponseDto.document(401, 403, 404)
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<KnowledgeDefinition> {
    assertRole(caller, 'analyst', 'read knowledge definitions');
    return this.definitions.get(id);
  }

  /** Change a definition: answers the new version. */
  @Patch('definitions/:id')
  @ApiOperation({
    summary: 'Change fields of a definition: a new version, the old one kept (service key only)',
    description: CHECK_NOTE,
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: DefinitionViewDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 409, 502)
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateDefinitionDto,
  ): Promise<KnowledgeDefinition> {
    assertService(caller, 'change knowledge definitions');
    return this.definitions.update(id, body, caller);
  }

  /** Delete a definition: 204; its history is kept. */
  @Delete('definitions/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a definition: a last version marked deleted, the history kept (service key only)' })
  @ApiParam({ name: 'id' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ErrorResponseDto.document(401, 403, 404, 409)
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<void> {
    assertService(caller, 'change knowledge definitions');
    await this.definitions.remove(id, caller);
  }

  /** Every version of a definition, oldest first. */
  @Get('definitions/:id/versions')
  @ApiOperation({
    summary: 'Every version of a definition, oldest first, with the change that made it (analyst or admin)',
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: DefinitionVersionsDto })
  @ErrorResponseDto.document(401, 403, 404)
  versions(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<DefinitionVersionsDto> {
    assertRole(caller, 'analyst', 'read knowledge definitions');
    return this.definitions.versions(id);
  }

  /** The live definitions of a connection as YAML. */
  @Get('export')
  @ApiOperation({
    summary:
      'The live definitions of a connection (default the active one) as a YAML document; with format=dbt those imported from dbt as MetricFlow YAML (service key only)',
  })
  @ApiProduces('application/yaml')
  @ApiOkResponse({ description: 'The YAML document (docs/knowledge.md "YAML")', schema: { type: 'string' } })
  @ErrorResponseDto.document(400, 401, 403, 404)
  async exportYaml(
    @CurrentCaller() caller: Caller,
    @Query() query: ExportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    assertService(caller, 'export knowledge definitions');
    const yaml =
      query.format === 'dbt'
        ? await this.definitions.exportDbt(query.connection_id)
        : await this.definitions.exportYaml(query.connection_id);
    // set only on success: an error answers in the JSON error shape
    void reply.header('content-type', 'application/yaml; charset=utf-8');
    return yaml;
  }

  /** Import a YAML document: all definitions or none. */
  @Post('import')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Import a YAML document (nlq, or with format dbt a dbt project's semantic layer) into a connection (default the active one), all or nothing unless partial (service key only)",
    description: `Every definition is validated and checked first; one invalid definition imports none (400 with definitions[i].field). A definition whose name matches a live one updates it (a new version) when different. ${CHECK_NOTE}`,
  })
  @ApiOkResponse({ type: ImportResultDto })
  @ErrorResponseDto.document(400, 401, 403, 404, 413, 502)
  importYaml(
    @CurrentCaller() caller: Caller,
    @Body() body: ImportDto,
  ): Promise<KnowledgeImportResult | DbtImportResult> {
    assertService(caller, 'import knowledge definitions');
    if (body.format === 'dbt') return this.definitions.importDbt(body, caller);
    return this.definitions.importYaml(body.yaml, body.connection_id, caller);
  }
}
