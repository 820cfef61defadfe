import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type Dialect } from '@nlq/contracts';
import { classifySql, DatabaseError, rowCap } from '@nlq/pipeline';
import { callerIdentity, statementUnderPolicy } from '../../platform/pipeline/caller-read';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { seesEveryone, type Caller } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { AppConfig } from '../../platform/config/app-config';
import { HistoryEntryEntity } from '../../platform/state/entities';
import { TargetResolverService } from '../../platform/targets/target-resolver.service';
import { csvLines, jsonChunks } from './csv-format';
import { exportFilename } from './export-filename';

export type ExportFormat = 'csv' | 'json';

/** A prepared export: its stream and what the response headers say about it. */
export interface ExportFile {
  filename: string;
  contentType: string;
  stream: Readable;
  rowCount: number;
  /** true when EXPORT_MAX_ROWS cut the rows short. */
  truncated: boolean;
}

/**
 * GET /api/export: the rows of one of the caller's query entries (service key: anyone's), re-running its SQL
 * through the driver's runRead (a read-only transaction or connection) on the entry's connection, with
 * EXPORT_MAX_ROWS and STATEMENT_TIMEOUT_MS, under the caller's data policy. Only SQL the classifier calls a read is run. The row limit the answer
 * ran under is lifted: a trailing cap of at least MAX_RESULT_ROWS (the cap nlq asks generators to write,
 * row-total.ts `rowCap`) is removed, so the file holds every row up to EXPORT_MAX_ROWS; a smaller cap is the
 * question's own top-N and stays.
 */
@Injectable()
export class ExportService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly targets: TargetResolverService,
    private readonly config: AppConfig,
  ) {}

  /**
   * @throws ApiException 404 for an unknown entry, another user's, or one that is not a question; 404 when its
   * connection was deleted; 422 when it has no read SQL or the database refuses it; 502 when unreachable.
   */
  async prepare(caller: Caller, entryId: string, format: ExportFormat): Promise<ExportFile> {
    const entry = await this.dataSource.getRepository(HistoryEntryEntity).findOneBy({ id: entryId });
    if (!entry || entry.kind !== 'query' || (!seesEveryone(caller) && entry.userId !== caller.userId)) {
      throw new ApiException(404, ErrorCode.NOT_FOUND, `History entry "${entryId}" not found.`);
    }
    if (!entry.sql) throw new ApiException(422, ErrorCode.SQL_REFUSED, 'This question has no SQL to export.');
    const target = await this.targets.connection(entry.connectionId ?? undefined);
    const kind = classifySql(entry.sql, target.driver.dialect).kind;
    if (kind !== 'read')
      throw new ApiException(422, ErrorCode.SQL_REFUSED, `Only reads can be exported; this SQL is classified ${kind}.`);
    const statement = await statementUnderPolicy(
      this.dataSource,
      caller,
      target.connectionId,
      uncapped(entry.sql, target.driver.dialect, this.config.maxResultRows),
      target.driver.dialect,
    );
    let result;
    try {
      result = await target.driver.runRead(statement.sql, {
        maxRows: this.config.exportMaxRows,
        timeoutMs: this.config.statementTimeoutMs,
        params: statement.params,
        ...callerIdentity(this.config.postgresRlsRolePrefix, caller, target.driver.dialect),
      });
    } catch (error) {
      if (error instanceof DatabaseError && error.kind !== 'connection' && error.kind !== 'timeout') {
        throw new ApiException(422, ErrorCode.SQL_REFUSED, `The database refused the export: ${error.message}`);
      }
      throw error;
    }
    const chunks = format === 'csv' ? csvLines(result.columns, result.rows) : jsonChunks(result.columns, result.rows);
    return {
      filename: exportFilename(entry.question, entry.id, format),
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      stream: Readable.from(chunks, { objectMode: false }),
      rowCount: result.rowCount,
      truncated: result.truncated,
    };
  }
}

/** `sql` without its trailing row cap when that cap is the row limit (at least `maxResultRows`), else `sql`. */
export function uncapped(sql: string, dialect: Dialect, maxResultRows: number): string {
  const cap = rowCap(sql, dialect);
  return cap && cap.limit >= maxResultRows ? cap.uncapped : sql;
}
