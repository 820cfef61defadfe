import { Inject, Injectable } from '@nestjs/common';
import type { ChatRequest, LiveEvent } from '@nlq/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Caller } from '../../platform/auth/caller';
import { toErrorResponse } from '../../platform/common/error-mapping';
import { ROOT_LOGGER } from '../../platform/logging/logger.factory';
import { ChatService } from './chat.service';
import { ServerSentEventStream } from './server-sent-events';

/** SSE event carrying the final answer: exactly the JSON body POST /api/chat answers. */
export const CHAT_RESULT_EVENT = 'result';
/** SSE event carrying a failure after the stream started, in the one error shape. */
export const CHAT_ERROR_EVENT = 'error';

/**
 * POST /api/chat/stream: POST /api/chat answered as server-sent events (WHATWG text/event-stream) while the
 * pipeline runs. Events, each `event: <type>` and one `data:` line of JSON:
 * - `stage.started` `{ stage }`, `stage.finished` `{ stage, durationMs, outcome }`: stage progress;
 * - `answer.delta` `{ text }`: the next piece of an answer the model words (templated answers have none);
 * - `answer.ready`, `approval.pending`, `clarification.requested`: as on /ws/live (libs/contracts events.ts), data only;
 * - `result`: the ChatResponse, exactly what POST /api/chat would answer; the stream ends after it;
 * - `error`: `{ statusCode, code, message, details?, requestId }` when the request fails after the stream started;
 *   the stream ends after it.
 * The response starts once the question is past intake and its session and connection are known, so an unknown or
 * another user's session or connection is still an ordinary HTTP 404 in the error shape (as are 400, 401, 413 and
 * 429, which Nest and Fastify answer before this runs).
 */
@Injectable()
export class ChatStreamService {
  constructor(
    private readonly chat: ChatService,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Answers `body` for `caller` on `reply` as server-sent events.
   * @throws what ChatService.chat throws while the response has not started (the exception filter answers it)
   */
  async stream(caller: Caller, body: ChatRequest, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let stream: ServerSentEventStream | null = null;
    const held: LiveEvent[] = [];
    const start = (): ServerSentEventStream => {
      if (!stream) {
        reply.hijack();
        stream = new ServerSentEventStream(reply.raw, reply.getHeaders());
        for (const event of held.splice(0)) stream.send(event.type, event.data);
      }
      return stream;
    };
    const events = {
      publish: (event: LiveEvent) => {
        // Intake runs before the connection is resolved: hold its events so a 404 can still be an HTTP error.
        if (!stream && event.type.startsWith('stage.') && event.data.stage === 'intake') held.push(event);
        else start().send(event.type, event.data);
      },
    };
    try {
      const response = await this.chat.chat(caller, body, events);
      start().send(CHAT_RESULT_EVENT, response);
    } catch (error) {
      if (!stream) throw error;
      const failure = toErrorResponse(error, String(request.id));
      if (failure.statusCode >= 500)
        this.logger.error({ err: error, requestId: failure.requestId, url: request.url }, 'request failed');
      (stream as ServerSentEventStream).send(CHAT_ERROR_EVENT, failure);
    }
    start().end();
  }
}
