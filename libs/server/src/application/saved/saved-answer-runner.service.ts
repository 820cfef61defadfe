import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type SavedAnswer, type SavedAnswerResult } from '@nlq/contracts';
import { classifySql, countCutRows, DatabaseError, factualSummary, templateAnswer } from '@nlq/pipeline';
import { DataSource } from 'typeorm';
import type { Caller } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { AppConfig } from '../../platform/config/app-config';
import { callerIdentity, statementUnderPolicy } from '../../platform/pipeline/caller-read';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { suggestChart } from '../chat/chart-suggestion';
import { SavedAnswersService } from './saved-answers.service';

/**
 * GET /api/saved/{id}/result (docs/http-api.md "Saved answers"): a saved answer's SQL run again now on its
 * connection, with no model call: classified again (only a read runs), then under the caller's data policy (masked,
 * row-filtered, or refused naming the table or column; docs/http-api.md "Roles and data policies") through the
 * driver's runRead (a read-only transaction or handle, docs/architecture.md step 9) with MAX_RESULT_ROWS and
 * STATEMENT_TIMEOUT_MS, the rows the limit cut counted as answers do (row-total.ts), and the answer worded by the
 * templates of step 11 (the factual summary where no template states the result exactly).
 */
@Injectable()
export class SavedAnswerRunnerService {
  constructor(
    @Inject(SavedAnswersService) private readonly saved: SavedAnswersService,
    @Inject(TargetResolverService) private readonly targets: TargetResolverService,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * Run one of the caller's saved answers (an admin: anyone's).
   * @throws ApiException 404 (unknown, another user's, or its connection deleted), and the errors of {@link runSaved}
   */
  async run(caller: Caller, id: string): Promise<SavedAnswerResult> {
    return this.runSaved(caller, await this.saved.get(caller, id));
  }

  /**
   * Run a saved answer the caller reached another way (a board shared by link) under the caller's role, data policy
   * and database identity; no ownership check.
   * @throws ApiException 404 when its connection was deleted, 422 SQL_REFUSED when the SQL is no longer a read, the
   * caller's policy refuses it, or the database refuses it; the database's connection and timeout errors as 502/504
   */
  async runSaved(caller: Caller, saved: SavedAnswer): Promise<SavedAnswerResult> {
    const target = await this.targets.connection(saved.connection_id);
    const dialect = target.driver.dialect;
    const kind = classifySql(saved.sql, dialect).kind;
    if (kind !== 'read')
      throw new ApiException(422, ErrorCode.SQL_REFUSED, `Only reads are run again; this SQL is classified ${kind}.`);
    const statement = await statementUnderPolicy(this.dataSource, caller, target.connectionId, saved.sql, dialect);
    const limits = {
      maxRows: this.config.maxResultRows,
      timeoutMs: this.config.statementTimeoutMs,
      params: statement.params,
      ...callerIdentity(this.config.postgresRlsRolePrefix, caller, dialect),
    };
    const readAt = new Date().toISOString();
    let result;
    try {
      result = await target.driver.runRead(statement.sql, limits);
    } catch (error) {
      if (error instanceof DatabaseError && error.kind !== 'connection' && error.kind !== 'timeout')
        throw new ApiException(422, ErrorCode.SQL_REFUSED, `The database refused the saved SQL: ${error.message}`);
      throw error;
    }
    const counted = await countCutRows(target.driver, statement.sql, dialect, result, limits);
    const full = { ...result, ...counted };
    return {
      saved_id: saved.id,
      columns: result.columns,
      rows: result.rows,
      row_count: result.rowCount,
      truncated: counted.truncated,
      total_rows: counted.totalRows,
      answer: templateAnswer(full) ?? factualSummary(full),
      chart: suggestChart(result.columns, result.rows),
      read_at: readAt,
    };
  }
}
