import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import {
  ApprovalConflictError,
  ApprovalExecutionError,
  DatabaseError,
  NothingPendingError,
  PipelineError,
  ProviderConnectionError,
  UnanswerableQuestionError,
  scrubMessage,
} from '@nlq/pipeline';
import { ApiException } from './api.exception';
import { toErrorResponse } from './error-mapping';

const RID = 'req-1';

describe('toErrorResponse', () => {
  it('passes an ApiException through with its details', () => {
    const details = [{ field: 'question', problems: ['question must be a string'] }];
    expect(toErrorResponse(ApiException.validation(details), RID)).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Request validation failed',
      details,
      requestId: RID,
    });
    expect(toErrorResponse(ApiException.unauthorized(), RID)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it.each([
    [new NothingPendingError('s'), 404, 'NOTHING_PENDING'],
    [new ApprovalConflictError('s', 'approved'), 409, 'CONFLICT'],
    [new ApprovalExecutionError('constraint failed', false), 422, 'SQL_REFUSED'],
    [new ApprovalExecutionError('connection refused', true), 502, 'UPSTREAM_UNAVAILABLE'],
    [new PipelineError('NOT_FOUND', 'Unknown connection "x".'), 404, 'NOT_FOUND'],
  ])('maps pipeline error %p to %i %s with its message', (error, status, code) => {
    expect(toErrorResponse(error, RID)).toEqual({
      statusCode: status,
      code,
      message: (error as Error).message,
      requestId: RID,
    });
  });

  it('maps Nest and Fastify HTTP errors by status', () => {
    expect(
      toErrorResponse(
        new BadRequestException("Body is not valid JSON but content-type is set to 'application/json'"),
        RID,
      ),
    ).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      message: expect.stringContaining('not valid JSON'),
    });
    expect(toErrorResponse(new NotFoundException('Cannot GET /nope'), RID)).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Cannot GET /nope',
    });
    expect(toErrorResponse(new PayloadTooLargeException('Request body is too large'), RID)).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('maps unreachable model and database to 502 and unanswerable questions to 422', () => {
    expect(toErrorResponse(new ProviderConnectionError('ECONNREFUSED'), RID)).toMatchObject({
      statusCode: 502,
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(toErrorResponse(new DatabaseError('connection', 'connect ECONNREFUSED'), RID)).toMatchObject({
      statusCode: 502,
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(toErrorResponse(new UnanswerableQuestionError('no table about weather'), RID)).toMatchObject({
      statusCode: 422,
      code: 'UNANSWERABLE',
    });
  });

  it('answers anything else as 500 INTERNAL carrying only the request id', () => {
    const body = toErrorResponse(new Error('password=hunter2 at /srv/secret.ts:12'), RID);
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: `Internal server error (request id ${RID}).`,
      requestId: RID,
    });
    expect(toErrorResponse(new DatabaseError('syntax', 'no such column: x'), RID).statusCode).toBe(500);
    expect(toErrorResponse(new HttpException('boom internals', 500), RID).message).not.toContain('internals');
    expect(toErrorResponse('a string', RID).statusCode).toBe(500);
  });

  it('scrubs a connection URL password and server file paths from an error message, with the scrubber of live events and traces', () => {
    const raw = String.raw`could not reach postgres://report:Hunter2-Secret@10.0.0.5/warehouse for /home/x/data/shop.db (C:\nlq\shop.db)`;
    const body = toErrorResponse(new DatabaseError('connection', raw), RID);
    expect(body).toMatchObject({ statusCode: 502, code: 'UPSTREAM_UNAVAILABLE' });
    expect(body.message).toBe(
      'The database is unavailable: could not reach postgres://report:***@10.0.0.5/warehouse for [path] ([path])',
    );
    expect(body.message).toBe(`The database is unavailable: ${scrubMessage(raw)}`);
  });
});
