import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type DatabaseSchema,
  type DbtImportResult,
  type KnowledgeDefinition,
  type KnowledgeDefinitionBody,
  type KnowledgeImportResult,
  type Page,
} from '@nlq/contracts';
import { checkDefinition, definitionCostProblems, DefinitionProbeUnavailableError, QueryPipeline } from '@nlq/pipeline';
import type { Logger } from 'pino';
import { stringify } from 'yaml';
import type { Caller } from '../../../platform/auth/caller';
import { ApiException, type FieldProblems } from '../../../platform/common/api.exception';
import { definitionsTopic, ReplicaCoherenceService } from '../../../platform/coherence/replica-coherence.service';
import { auditCallerEvent } from '../../../platform/common/audit.logger';
import { ROOT_LOGGER } from '../../../platform/logging/logger.factory';
import type { KnowledgeDefinitionEntity } from '../../../platform/state/entities';
import {
  StaleDefinitionError,
  type DefinitionChange,
  type DefinitionChangeKind,
  type KnowledgeDefinitionsRepository,
} from '../../../platform/state/repositories/knowledge-definitions.repository';
import { TypeOrmStateStore } from '../../../platform/state/typeorm-state.store';
import { TargetResolverService } from '../../../platform/targets/target-resolver.service';
import { DataPoliciesService } from '../../policies/data-policies.service';
import { DEFAULT_PAGE_SIZE } from '../../api-sessions/dto/page-query.dto';
import {
  bodyOf,
  definitionKey,
  definitionLabel,
  definitionName,
  foreignFields,
  toVersionView,
  toView,
} from './definition-body';
import { firstVersion, nextVersion, validateBody } from './definition-rows';
import { checkImport, parseImport, planImport } from './knowledge-import';
import { checkDrafts } from '../dbt/dbt-check';
import { translateDbtProject } from '../dbt/dbt-definitions';
import { parseDbtProject } from '../dbt/dbt-documents';
import { dbtOrigins } from '../dbt/dbt-origin';
import { exportDbtYaml } from '../dbt/dbt-export';
import {
  KIND_FIELDS,
  type CreateDefinitionDto,
  type DefinitionQueryDto,
  type ImportDto,
  type UpdateDefinitionDto,
} from './dto/definition.dto';

/** Longest time an import may spend trying its new and changed definitions on the connection, in milliseconds. */
export const IMPORT_PROBE_BUDGET_MS = 60_000;

/** The format version GET /api/knowledge/export writes and POST /api/knowledge/import reads. */
export const KNOWLEDGE_YAML_VERSION = 1;

/**
 * The knowledge definitions of the connections: CRUD with a new version for every change
 * (history kept in `knowledge_definition_version`), an audit line per change (`knowledge.definition.create`,
 * `.update`, `.delete`, `.propose`, `.accept`, `.reject`, and `knowledge.import`), analysts' proposals that are never
 * used at question time until an admin accepts them (docs/knowledge.md "Proposals"), and every definition checked against the connection's introspected
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
    private readonly coherence: ReplicaCoherenceService,
    private readonly policies: DataPoliciesService,
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
    const { rows, total } = await this.definitions.page(
      connectionId,
      query.kind,
      (page - 1) * pageSize,
      pageSize,
      query.status ?? 'active',
    );
    return { items: rows.map(toView), page, page_size: pageSize, total };
  }

  /** One definition, deleted or not. @throws ApiException 404 for an unknown id. */
  async get(id: string): Promise<KnowledgeDefinition> {
    return toView(await this.row(id));
  }

  /** Every version of a definition, oldest first. @throws ApiException 404 for an unknown id. */
  async versions(id: string): Promise<{ items: Array<KnowledgeDefinition & { change: DefinitionChangeKind }> }> {
    const row = await this.row(id);
    const versions = await this.definitions.versions(id);
    return { items: versions.map((v) => toVersionView(v, row.createdAt)) };
  }

  /**
   * Create a definition (version 1) in the connection the body names, default the active one.
   * @throws ApiException 400 for a field of another kind or a definition the schema refutes, 409 for a name taken by a
   *   live definition of the connection; the pipeline's NotFoundError (404) for an unknown connection.
   */
  async create(
    input: CreateDefinitionDto,
    caller: Caller,
    status: 'active' | 'proposed' = 'active',
  ): Promise<KnowledgeDefinition> {
    const { connection_id, status: _status, ...rest } = input;
    const body = this.bodyFrom(rest);
    const { connectionId, schema } = await this.pipeline.connectionSchema(connection_id);
    await this.assertChecked(body, connectionId, schema);
    const taken = [
      ...(await this.definitions.live(connectionId)),
      ...(await this.definitions.live(connectionId, 'proposed')),
    ];
    this.assertNameFree(body, taken, null);
    const row = firstVersion(connectionId, body, new Date().toISOString(), caller.userId, null, status);
    await this.write([{ row, change: status === 'proposed' ? 'propose' : 'create' }], caller);
    return toView(row);
  }

  /**
   * Decide an open proposal (docs/knowledge.md "Proposals"): `accept` checks it again against the connection as it is
   * now and makes it active (the next version, used at question time from then on); `reject` keeps it, unused, as
   * `rejected`.
   * @throws ApiException 404 for an unknown id, 409 CONFLICT when it is not an open proposal or (accept) its name is
   *   now taken by a live definition, 400 when it no longer holds against the schema.
   */
  async decide(id: string, decision: 'accept' | 'reject', caller: Caller): Promise<KnowledgeDefinition> {
    const current = await this.row(id);
    if (current.deleted || current.status !== 'proposed')
      throw new ApiException(
        409,
        ErrorCode.CONFLICT,
        `Definition "${id}" is not an open proposal (it is ${current.deleted ? 'deleted' : current.status}).`,
      );
    const body = bodyOf(current);
    if (decision === 'accept') {
      const { schema } = await this.pipeline.connectionSchema(current.connectionId);
      await this.assertChecked(body, current.connectionId, schema);
      this.assertNameFree(body, await this.definitions.live(current.connectionId), id);
    }
    const row = {
      ...nextVersion(current, body, new Date().toISOString(), caller.userId),
      status: decision === 'accept' ? 'active' : 'rejected',
    };
    await this.write([{ row, change: decision }], caller);
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
    if (JSON.stringify(body) === current.body) return toView(current);
    const { schema } = await this.pipeline.connectionSchema(current.connectionId);
    await this.assertChecked(body, current.connectionId, schema);
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
   * `version`, `connection_id`, `definitions` (each with its kind's fields only, so that it can live in git) and
   * `policy`, the connection's data policy as GET /api/connections/{id}/policy answers it (left out before its first
   * save).
   */
  async exportYaml(connectionId?: string): Promise<string> {
    const id = await this.connectionId(connectionId);
    const rows = await this.definitions.live(id);
    // a connection that never had a policy exports none, so importing its document leaves a target's policy alone
    const policy = await this.policies.stored(id);
    const definitions = rows.map((row) => {
      const body = new Map(Object.entries(bodyOf(row)));
      const fields = KIND_FIELDS.get(row.kind as KnowledgeDefinitionBody['kind']) ?? [];
      return Object.fromEntries(
        fields.filter((f) => body.get(f) !== undefined && body.get(f) !== null).map((f) => [f, body.get(f)]),
      );
    });
    const document = {
      version: KNOWLEDGE_YAML_VERSION,
      connection_id: id,
      definitions,
      ...(policy.version > 0 ? { policy } : {}),
    };
    return `# nlq knowledge definitions (docs/knowledge.md)\n${stringify(document, { lineWidth: 0 })}`;
  }

  /**
   * The live definitions of a connection (default the active one) that came from a dbt project, as MetricFlow YAML
   * (exportDbtYaml; docs/knowledge.md "Export to dbt"). @throws the pipeline's NotFoundError (404) for an unknown connection.
   */
  async exportDbt(connectionId?: string): Promise<string> {
    const { connectionId: id, schema } = await this.pipeline.connectionSchema(connectionId);
    return exportDbtYaml(await this.definitions.live(id), schema);
  }

  /**
   * Import a YAML document into a connection (the one named, else the active one; the document's own `connection_id`
   * is informational). Every definition is validated and checked first, and all are written in one transaction or
   * none: a definition whose name (an instruction: its scope and text) matches a live one updates it when different,
   * any other is created. The changes are stamped a millisecond apart in document order. A `policy:` section is
   * checked like PUT /api/connections/{id}/policy before anything is written and saved afterwards as the next
   * version only when it differs from the connection's policy.
   * @throws ApiException 400 with `definitions[i].field` for any invalid definition, `policy.roles...` for an
   *   invalid policy (nothing is written).
   */
  async importYaml(
    yamlText: string,
    connectionIdParam: string | undefined,
    caller: Caller,
  ): Promise<KnowledgeImportResult> {
    const { definitions: items, policy } = parseImport(yamlText);
    const { connectionId, schema } = await this.pipeline.connectionSchema(connectionIdParam);
    // checked before anything is written: a refused policy imports nothing
    const checkedPolicy = policy ? await this.policies.checked(connectionId, policy, 'policy.') : null;
    const live = new Map((await this.definitions.live(connectionId)).map((row) => [definitionKey(bodyOf(row)), row]));
    const { bodies, problems } = checkImport(items, schema, live);
    if (problems.length === 0) problems.push(...(await this.importCostProblems(bodies, live, connectionId)));
    if (problems.length > 0)
      throw ApiException.validation(
        problems,
        'The knowledge document holds invalid definitions; nothing was imported.',
      );
    const { changes, result } = planImport(bodies, live, connectionId, caller.userId);
    await this.write(changes, caller);
    const applied = checkedPolicy ? await this.policies.save(connectionId, checkedPolicy.policy, caller, true) : null;
    auditCallerEvent(this.logger, 'knowledge.import', caller, {
      connectionId,
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      ...(applied ? { policyChanged: applied.changed, policyVersion: applied.view.version } : {}),
    });
    return applied ? { ...result, policy: { changed: applied.changed, version: applied.view.version } } : result;
  }

  /**
   * Import a dbt project's semantic layer (docs/knowledge.md "dbt semantic layer"): its YAML documents translated
   * (translateDbtProject), every definition checked like any other, its cost included, then written as an nlq import
   * (same names update when different, so a re-import of the same files makes no new version). Without `partial`
   * one failing definition imports none; with it, failing ones are skipped with their reasons.
   * @throws ApiException 400 (field `yaml`, or `<name>.<field>`) for malformed YAML or a failing definition.
   */
  async importDbt(input: ImportDto, caller: Caller): Promise<DbtImportResult> {
    const project = parseDbtProject(input.yaml);
    const tables = new Map<string, string>();
    for (const [model, table] of Object.entries(input.tables ?? {})) {
      if (typeof table !== 'string' || table.trim() === '')
        throw ApiException.validation([{ field: `tables.${model}`, problems: ['must be a table name'] }]);
      tables.set(model, table.trim());
    }
    const { connectionId, schema } = await this.pipeline.connectionSchema(input.connection_id);
    const { bodies: drafts, skipped } = translateDbtProject(project, schema, tables);
    const live = new Map((await this.definitions.live(connectionId)).map((row) => [definitionKey(bodyOf(row)), row]));
    const checked = checkDrafts(drafts, schema, live, input.partial === true);
    const bodies: KnowledgeDefinitionBody[] = [];
    for (const body of checked.bodies) {
      const cost = await this.importCostProblems([body], live, connectionId);
      const name = definitionName(body) ?? body.kind;
      const named = cost.map((p) => ({ field: p.field.replace(/^definitions\[0\]/, name), problems: p.problems }));
      if (named.length === 0) bodies.push(body);
      else if (input.partial === true)
        checked.failed.push({ name, reason: named.map((p) => `${p.field}: ${p.problems.join('; ')}`).join('; ') });
      else checked.problems.push(...named);
    }
    if (checked.problems.length > 0)
      throw ApiException.validation(
        checked.problems,
        'The dbt project holds definitions nlq refuses; nothing was imported.',
      );
    const origins = dbtOrigins(bodies, project, schema, tables);
    const { changes, result } = planImport(bodies, live, connectionId, caller.userId, origins);
    await this.write(changes, caller);
    auditCallerEvent(this.logger, 'knowledge.import', caller, {
      connectionId,
      format: 'dbt',
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
    });
    return {
      ...result,
      imported: bodies.map((b) => ({ kind: b.kind, name: definitionLabel(b) })),
      skipped: [...skipped, ...checked.failed],
    };
  }

  /**
   * The cost problems (definitionCostProblems) of the imported metrics and filters that are new or changed, fields
   * prefixed `definitions[i].`; one problem on `yaml` when trying them takes longer than IMPORT_PROBE_BUDGET_MS.
   */
  private async importCostProblems(
    bodies: readonly KnowledgeDefinitionBody[],
    live: ReadonlyMap<string, KnowledgeDefinitionEntity>,
    connectionId: string,
  ): Promise<FieldProblems> {
    const problems: FieldProblems = [];
    const deadline = Date.now() + IMPORT_PROBE_BUDGET_MS;
    for (const [index, body] of bodies.entries()) {
      if (body.kind !== 'metric' && body.kind !== 'filter' && body.kind !== 'relationship') continue;
      if (live.get(definitionKey(body))?.body === JSON.stringify(body)) continue;
      if (Date.now() > deadline)
        return [
          {
            field: 'yaml',
            problems: [
              `trying the definitions on the connection took longer than ${IMPORT_PROBE_BUDGET_MS / 1000} s; import fewer at a time`,
            ],
          },
        ];
      for (const p of await this.costProblems(body, connectionId))
        problems.push({ field: `definitions[${index}].${p.field}`, problems: p.problems });
    }
    return problems;
  }

  /**
   * Writes the changes in one transaction, one audit line each, and announces them per connection (the benchmarks that
   * run on change hear it). @throws ApiException 409 when one is stale.
   */
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
    for (const connectionId of new Set(changes.map((c) => c.row.connectionId)))
      await this.coherence.announce(definitionsTopic(connectionId));
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

  /**
   * Checks a definition before it is saved: against the schema (checkDefinition), then its cost on the connection
   * (definitionCostProblems: a sample run under a short timeout).
   * @throws ApiException 400 VALIDATION with the field and the reasons; 502 when the database cannot be reached.
   */
  private async assertChecked(
    body: KnowledgeDefinitionBody,
    connectionId: string,
    schema: DatabaseSchema,
  ): Promise<void> {
    const problems = checkDefinition(body, schema);
    if (problems.length === 0) problems.push(...(await this.costProblems(body, connectionId)));
    if (problems.length > 0)
      throw ApiException.validation(problems, `The ${body.kind} does not hold against the connection.`);
  }

  /** definitionCostProblems on the connection's driver. @throws ApiException 502 when the database cannot be reached. */
  private async costProblems(body: KnowledgeDefinitionBody, connectionId: string): Promise<FieldProblems> {
    const { driver } = await this.targets.connection(connectionId);
    try {
      return await definitionCostProblems(body, driver);
    } catch (error) {
      if (error instanceof DefinitionProbeUnavailableError)
        throw new ApiException(502, ErrorCode.UPSTREAM_UNAVAILABLE, error.message);
      throw error;
    }
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
