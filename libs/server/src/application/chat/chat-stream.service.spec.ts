import type { LiveEvent } from '@nlq/contracts';
import { ServerSentEventParser } from '@nlq/contracts';
import type { EventSink } from '@nlq/pipeline';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ApiException } from '../../platform/common/api.exception';
import { ChatStreamService } from './chat-stream.service';
import type { ChatService } from './chat.service';

/** A raw response that records what was written. */
function fakeReply() {
  const raw = {
    written: '',
    status: 0,
    headers: {} as Record<string, unknown>,
    destroyed: false,
    writableEnded: false,
    writeHead(status: number, headers: Record<string, unknown>) {
      raw.status = status;
      raw.headers = headers;
    },
    flushHeaders: () => undefined,
    on: () => raw,
    write(text: string) {
      raw.written += text;
      return true;
    },
    end() {
      raw.writableEnded = true;
    },
  };
  const reply = {
    raw,
    hijack: jest.fn(),
    getHeaders: () => ({ 'x-request-id': 'req-1', 'content-length': undefined }),
  };
  return { raw, reply: reply as unknown as FastifyReply };
}

const event = (type: LiveEvent['type'], data: Record<string, unknown>): LiveEvent => ({
  type,
  data,
  sessionId: 's',
  userId: 'u',
  traceId: 't',
  at: '',
});
const logger = { error: jest.fn() } as unknown as Logger;
const request = { id: 'req-1', url: '/api/chat/stream' } as FastifyRequest;
const caller = { userId: 'u', role: 'viewer', attributes: {}, via: 'user-key' } as never;

describe('ChatStreamService', () => {
  it('ends a started stream with an error event in the one error shape', async () => {
    const chat = {
      chat: async (_c: unknown, _b: unknown, events: EventSink) => {
        events.publish(event('stage.started', { stage: 'intake' }));
        events.publish(event('stage.started', { stage: 'schema' }));
        throw new ApiException(409, 'CONFLICT', 'Changed meanwhile.');
      },
    } as unknown as ChatService;
    const { raw, reply } = fakeReply();
    await new ChatStreamService(chat, logger).stream(caller, { question: 'q' }, request, reply);
    expect(raw.status).toBe(200);
    expect(raw.headers).toMatchObject({ 'x-request-id': 'req-1', 'content-type': 'text/event-stream; charset=utf-8' });
    expect(raw.headers).not.toHaveProperty('content-length');
    const events = new ServerSentEventParser().push(raw.written);
    expect(events.map((e) => e.event)).toEqual(['stage.started', 'stage.started', 'error']);
    expect(JSON.parse(events[2].data)).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Changed meanwhile.',
      requestId: 'req-1',
    });
    expect(raw.writableEnded).toBe(true);
  });

  it('rethrows a failure before the stream started (only intake events so far), so it is an ordinary HTTP error', async () => {
    const notFound = new ApiException(404, 'NOT_FOUND', 'No connection "x".');
    const chat = {
      chat: async (_c: unknown, _b: unknown, events: EventSink) => {
        events.publish(event('stage.started', { stage: 'intake' }));
        events.publish(event('stage.finished', { stage: 'intake', outcome: 'ok' }));
        throw notFound;
      },
    } as unknown as ChatService;
    const { raw, reply } = fakeReply();
    await expect(new ChatStreamService(chat, logger).stream(caller, { question: 'q' }, request, reply)).rejects.toBe(
      notFound,
    );
    expect(raw.written).toBe('');
    expect(reply.hijack).not.toHaveBeenCalled();
  });
});
