import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type DatabaseSchema,
  type KnowledgeDefinition,
  type KnowledgeDefinitionBody,
  type KnowledgeImportResult,
  type Page,
} from '@nlq/contracts';
import { checkDefinition, QueryPipeline } from '@nlq/pipeline';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { parseDocument, stringify } from 'yaml';
import type { Caller } from '../../../platform/auth/caller';
import { ApiException, type FieldProblems } from '../../../platform/common/api.exception';
import { auditCallerEvent } from '../../../platform/common/audit.logger';
import { flattenValidationErrors } from '../../../platform/common/validation.pipe';
import { ROOT_LOGGER } from '../../../platform/logging/logger.factory';
import type { KnowledgeDefinitionEntity } from '../../../platform/state/entities';
import {
  StaleDefinitionError,
  type DefinitionChange,
  type KnowledgeDefinitionsRepository,
} from '../../../platform/state/repositories/knowledge-definitions.repository';
import { TypeOrmStateStore } from '../../../platform/state/typeorm-state.store';
import { TargetResolverService } from '../../../platform/targets/target-resolver.service';
import { DEFAULT_PAGE_SIZE } from '../../sessions/dto/page-query.dto';
import {
  bodyOf,
  blankFields,
  canonicalBody,
  definitionKey,
  definitionName,
  foreignFields,
  toVersionView,
  toView,
} from './definition-body';
import {
  DefinitionBodyDto,
  KIND_FIELDS,
  type CreateDefinitionDto,
  type DefinitionQueryDto,
  type UpdateDefinitionDto,
} from './dto/definition.dto';

/** Most definitions one YAML import may hold. */
export const MAX_IMPORT_DEFINITIONS = 1000;

/** The format version GET /api/knowledge/export writes and POST /api/knowledge/import reads. */
export const KNOWLEDGE_YAML_VERSION = 1;

/**
 * The knowledge definitions of the connections (issue 23 items 1 and 2): CRUD with a new version for every change
 * (history kept in `knowledge_definition_version`), an audit line per change (`knowledge.definition.create`,
 * `.update`, `.delete`, and `knowledge.import`), and every definition checked against the connection's introspected
 * schema with nlq's parser before it is saved (@nlq/pipeline knowledge/definition-check.ts): 400 VALIDATION with the field and the reason.
 */
@Injectable()
export class KnowledgeDefinitionsService {
  private readonly definitions: KnowledgeDefinitionsRepository;

  constructor(
    @Inject(TypeOrmStateStore) store: TypeOrmStateStore,
    @Inject(QueryPipeline) private readonly pipeline: QueryPipeline,
    @Inject(TargetResolverService) private readonly targets: TargetResolverService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.definitions = store.definitions;
  }

  /**
   * The live definitions of a connection (default the active one), optionally of one kind, oldest first, paged.
   * @throws the pipeline's NotFoundError (404) for an unknown connection.
   */
  async list(query: DefinitionQueryDto): Promise<Page<KnowledgeDefinition>> {
    const connectionId = await this.connectionId(query.connection_id);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await this.definitions.page(connectionId, query.kind, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toView), page, page_size: pageSize, total };
  }

  /** One definition, deleted or not. @throws ApiException 404 for an unknown id. */
  async get(id: string): Promise<KnowledgeDefinition> {
    return toView(await this.row(id));
  }

  /** Every version of a definition, oldest first. @throws ApiException 404 for an unknown id. */
  async versions(
    id: string,
  ): Promise<{ items: Array<KnowledgeDefinition & { change: 'create' | 'update' | 'delete' }> }> {
    const row = await this.row(id);
    const versions = await this.definitions.versions(id);
    return { items: versions.map((v) => toVersionView(v, row.createdAt)) };
  }

  /**
   * Create a definition (version 1) in the connection the body names, default the active one.
   * @throws ApiException 400 for a field of another kind or a definition the schema refutes, 409 for a name taken by a
   *   live definition of the connection; the pipeline's NotFoundError (404) for an unknown connection.
   */
  async create(input: CreateDefinitionDto, caller: Caller): Promise<KnowledgeDefinition> {
    const { connection_id, ...rest } = input;
    const body = this.bodyFrom(rest);
    const { connectionId, schema } = await this.pipeline.connectionSchema(connection_id);
    this.assertChecked(body, schema);
    const live = await this.definitions.live(connectionId);
    this.assertNameFree(body, live, null);
    const row = firstVersion(connectionId, body, new Date().toISOString(), caller.userId);
    await this.write([{ row, change: 'create' }], caller);
    return toView(row);
  }

  /**
   * Change a definition's fields: a new version (the previous one stays in its history). The kind cannot change.
   * @throws ApiException 404 for an unknown or deleted id, 400 like create, 409 for a taken name or a change made
   *   meanwhile.
   */
  async update(id: string, patch: UpdateDefinitionDto, caller: Caller): Promise<KnowledgeDefinition> {
    const current = await this.row(id);
    if (current.deleted) throw new ApiException(404, ErrorCode.NOT_FOUND, `Definition "${id}" was deleted.`);
    const stored = bodyOf(current);
    if (patch.kind !== undefined && patch.kind !== stored.kind) {
      throw ApiException.validation([
        { field: 'kind', problems: [`the kind of a definition cannot change (it is a ${stored.kind})`] },
      ]);
    }
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const foreign = foreignFields(given, stored.kind);
    if (foreign.length > 0) throw ApiException.validation(foreign);
    const body = this.bodyFrom({ ...stored, ...given, kind: stored.kind });
    const { schema } = await this.pipeline.connectionSchema(current.connectionId);
    this.assertChecked(body, schema);
    if (JSON.stringify(body) === current.body) return toView(current);
    this.assertNameFree(body, await this.definitions.live(current.connectionId), id);
    const row = nextVersion(current, body, new Date().toISOString(), caller.userId);
    await this.write([{ row, change: 'update' }], caller);
    return toView(row);
  }

  /**
   * Delete a definition: a last version marked deleted; the history is kept and GET still answers it.
   * @throws ApiException 404 for an unknown or already deleted id, 409 for a change made meanwhile.
   */
  async remove(id: string, caller: Caller): Promise<void> {
    const current = await this.row(id);
    if (current.deleted) throw new ApiException(404, ErrorCode.NOT_FOUND, `Definition "${id}" was deleted.`);
    const row: KnowledgeDefinitionEntity = {
      ...current,
      deleted: true,
      version: current.version + 1,
      updatedAt: new Date().toISOString(),
      updatedBy: caller.userId,
    };
    await this.write([{ row, change: 'delete' }], caller);
  }

  /**
   * The live definitions of a connection (default the active one) as a YAML document (docs/knowledge.md "YAML"):
   * `version`, `connection_id` and `definitions`, each with its kind's fields only, so that it can live in git.
   */
  async exportYaml(connectionId?: string): Promise<string> {
    const id = await this.connectionId(connectionId);
    const rows = await this.definitions.live(id);
    const definitions = rows.map((row) => {
      const body = new Map(Object.entries(bodyOf(row)));
      const fields = KIND_FIELDS.get(row.kind as KnowledgeDefinitionBody['kind']) ?? [];
      return Object.fromEntries(
        fields.filter((f) => body.get(f) !== undefined && body.get(f) !== null).map((f) => [f, body.get(f)]),
      );
    });
    return `# nlq knowledge definitions (docs/knowledge.md)\n${stringify({ version: KNOWLEDGE_YAML_VERSION, connection_id: id, definitions }, { lineWidth: 0 })}`;
  }

  /**
   * Import a YAML document into a connection (the one named, else the active one; the document's own `connection_id`
   * is informational). Every definition is validated and checked first, and all are written in one transaction or
   * none: a definition whose name (an instruction: its scope and text) matches a live one updates it when different,
   * any other is created. The changes are stamped a millisecond apart in document order.
   * @throws ApiException 400 with `definitions[i].field` for any invalid definition (nothing is written).
   */
  async importYaml(
    yamlText: string,
    connectionIdParam: string | undefined,
    caller: Caller,
  ): Promise<KnowledgeImportResult> {
    const items = parseImport(yamlText);
    const { connectionId, schema } = await this.pipeline.connectionSchema(connectionIdParam);
    const problems: FieldProblems = [];
    const bodies: KnowledgeDefinitionBody[] = [];
    const keys = new Map<string, number>();
    items.forEach((item, index) => {
      const prefix = `definitions[${index}].`;
      const found = validateBody(item, prefix);
      if (Array.isArray(found)) {
        problems.push(...found);
        return;
      }
      for (const p of checkDefinition(found, schema))
        problems.push({ field: `${prefix}${p.field}`, problems: p.problems });
      const key = definitionKey(found);
      const earlier = keys.get(key);
      if (earlier !== undefined)
        problems.push({ field: `${prefix}name`, problems: [`the same definition as definitions[${earlier}]`] });
      keys.set(key, index);
      bodies.push(found);
    });
    if (problems.length > 0)
      throw ApiException.validation(
        problems,
        'The knowledge document holds invalid definitions; nothing was imported.',
      );

    const live = new Map((await this.definitions.live(connectionId)).map((row) => [definitionKey(bodyOf(row)), row]));
    // stamped a millisecond apart in document order, so that lists (oldest first) keep the document's order
    const start = Date.now();
    const changes: DefinitionChange[] = [];
    const result: KnowledgeImportResult = {
      connection_id: connectionId,
      created: 0,
      updated: 0,
      unchanged: 0,
      created_names: [],
      updated_names: [],
    };
    for (const [index, body] of bodies.entries()) {
      const now = new Date(start + index).toISOString();
      const label = definitionName(body) ?? `instruction: ${body.kind === 'instruction' ? body.text.slice(0, 60) : ''}`;
      const existing = live.get(definitionKey(body));
      if (!existing) {
        changes.push({ row: firstVersion(connectionId, body, now, caller.userId), change: 'create' });
        result.created_names.push(label);
      } else if (existing.body !== JSON.stringify(body)) {
        changes.push({ row: nextVersion(existing, body, now, caller.userId), change: 'update' });
        result.updated_names.push(label);
      } else {
        result.unchanged++;
      }
    }
    result.created = result.created_names.length;
    result.updated = result.updated_names.length;
    await this.write(changes, caller);
    auditCallerEvent(this.logger, 'knowledge.import', caller, {
      connectionId,
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
    });
    return result;
  }

  /** Writes the changes in one transaction and one audit line each. @throws ApiException 409 when one is stale. */
  private async write(changes: DefinitionChange[], caller: Caller): Promise<void> {
    if (changes.length === 0) return;
    try {
      await this.definitions.write(changes);
    } catch (error) {
      if (error instanceof StaleDefinitionError)
        throw new ApiException(409, ErrorCode.CONFLICT, `${error.message} Read it again and retry.`);
      throw error;
    }
    for (const { row, change } of changes) {
      auditCallerEvent(this.logger, `knowledge.definition.${change}`, caller, {
        connectionId: row.connectionId,
        definitionId: row.id,
        kind: row.kind,
        name: row.name,
        version: row.version,
      });
    }
  }

  /** The row of `id`. @throws ApiException 404 for an unknown id. */
  private async row(id: string): Promise<KnowledgeDefinitionEntity> {
    const row = await this.definitions.get(id);
    if (!row) throw new ApiException(404, ErrorCode.NOT_FOUND, `Definition "${id}" not found.`);
    return row;
  }

  /**
   * The id of the named connection, default the active one, without reading its schema (lists and exports work while
   * the database is unreachable). @throws the resolver's PipelineError NOT_FOUND (404) for an unknown connection.
   */
  private async connectionId(connectionId?: string): Promise<string> {
    return (await this.targets.connection(connectionId)).connectionId;
  }

  /** The canonical body of a request's definition fields. @throws ApiException 400 for foreign or blank fields. */
  private bodyFrom(input: object): KnowledgeDefinitionBody {
    const found = validateBody(input, '');
    if (Array.isArray(found)) throw ApiException.validation(found);
    return found;
  }

  /** @throws ApiException 400 VALIDATION with the field and the reasons when the schema refutes the definition. */
  private assertChecked(body: KnowledgeDefinitionBody, schema: DatabaseSchema): void {
    const problems = checkDefinition(body, schema);
    if (problems.length > 0)
      throw ApiException.validation(problems, `The ${body.kind} does not hold against the schema of the connection.`);
  }

  /** @throws ApiException 409 CONFLICT when another live definition of the connection has the name (any case). */
  private assertNameFree(
    body: KnowledgeDefinitionBody,
    live: KnowledgeDefinitionEntity[],
    selfId: string | null,
  ): void {
    const name = definitionName(body);
    if (name === null) return;
    const taken = live.find(
      (row) => row.id !== selfId && row.name !== null && row.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken)
      throw new ApiException(
        409,
        ErrorCode.CONFLICT,
        `A ${taken.kind} named "${taken.name}" already exists in this connection (id ${taken.id}).`,
      );
  }
}

/**
 * One definition of a request or a YAML document checked by the DTO's rules, then made canonical: the body, or the
 * problems (fields prefixed with `prefix`).
 */
/** Version 1 of a new definition of `connectionId`, made at `at` (ISO-8601) by `userId`. */
function firstVersion(
  connectionId: string,
  body: KnowledgeDefinitionBody,
  at: string,
  userId: string,
): KnowledgeDefinitionEntity {
  return {
    id: randomUUID(),
    connectionId,
    kind: body.kind,
    name: definitionName(body),
    body: JSON.stringify(body),
    version: 1,
    deleted: false,
    createdAt: at,
    updatedAt: at,
    updatedBy: userId,
  };
}

/** The next version of `current` holding `body`, made at `at` (ISO-8601) by `userId`. */
function nextVersion(
  current: KnowledgeDefinitionEntity,
  body: KnowledgeDefinitionBody,
  at: string,
  userId: string,
): KnowledgeDefinitionEntity {
  return {
    ...current,
    kind: body.kind,
    name: definitionName(body),
    body: JSON.stringify(body),
    version: current.version + 1,
    updatedAt: at,
    updatedBy: userId,
  };
}

function validateBody(input: unknown, prefix: string): KnowledgeDefinitionBody | FieldProblems {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return [{ field: prefix.replace(/\.$/, '') || 'body', problems: ['must be a mapping of fields'] }];
  const dto = plainToInstance(DefinitionBodyDto, input);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) return flattenValidationErrors(errors, prefix.replace(/\.$/, ''));
  const foreign = foreignFields(input, dto.kind, prefix);
  if (foreign.length > 0) return foreign;
  const body = canonicalBody(dto);
  const blank = blankFields(body, prefix);
  return blank.length > 0 ? blank : body;
}

/** The `definitions` of a YAML document. @throws ApiException 400 (field `yaml`) when it is not one. */
function parseImport(text: string): unknown[] {
  const document = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0)
    throw ApiException.validation([
      { field: 'yaml', problems: [`not valid YAML: ${document.errors[0].message.split('\n')[0]}`] },
    ]);
  const value: unknown = document.toJS({ maxAliasCount: 0 });
  const definitions =
    value && typeof value === 'object' && !Array.isArray(value)
      ? new Map(Object.entries(value)).get('definitions')
      : undefined;
  if (!Array.isArray(definitions))
    throw ApiException.validation([
      { field: 'yaml', problems: ['must be a mapping with a definitions list (docs/knowledge.md "YAML")'] },
    ]);
  if (definitions.length > MAX_IMPORT_DEFINITIONS)
    throw ApiException.validation([
      {
        field: 'yaml',
        problems: [`holds ${definitions.length} definitions; at most ${MAX_IMPORT_DEFINITIONS} at a time`],
      },
    ]);
  return definitions;
}
