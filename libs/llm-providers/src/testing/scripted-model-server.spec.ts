import { startScriptedModelServer } from './scripted-model-server';

describe('startScriptedModelServer', () => {
  it('speaks Ollama NDJSON streaming when stream is not false', async () => {
    const server = await startScriptedModelServer({ protocol: 'ollama', reply: ({ user }) => `echo ${user}` });
    try {
      const response = await fetch(`${server.url}/api/chat`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      const lines = (await response.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines).toHaveLength(3);
      expect(lines.slice(0, 2)).toMatchObject([
        { done: false, message: { content: 'echo ' } },
        { done: false, message: { content: 'hi' } },
      ]);
      expect(lines[2]).toMatchObject({ done: true, done_reason: 'stop', message: { content: '' } });
      expect(lines[2].eval_count).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('streams OpenAI server-sent chunks ending with data: [DONE], usage only when asked for', async () => {
    const server = await startScriptedModelServer({
      protocol: 'openai',
      reply: () => ({ chunks: ['The ', 'answer'] }),
    });
    try {
      const ask = (streamOptions: object) =>
        fetch(`${server.url}/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({
            model: 'm',
            stream: true,
            ...streamOptions,
            messages: [{ role: 'user', content: 'q' }],
          }),
        });
      const response = await ask({ stream_options: { include_usage: true } });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = (await response.text()).split('\n\n').filter(Boolean);
      expect(events[events.length - 1]).toBe('data: [DONE]');
      const chunks = events.slice(0, -1).map((e) => JSON.parse(e.replace(/^data: /, '')));
      expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('The answer');
      expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
      expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: { completion_tokens: 3 } });
      const withoutUsage = (await (await ask({})).text()).split('\n\n').filter(Boolean);
      expect(withoutUsage.some((e) => e.includes('"usage"'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('streams Anthropic message events, and an in-stream error event when scripted', async () => {
    const server = await startScriptedModelServer({
      protocol: 'anthropic',
      reply: ({ user }) => ({ chunks: ['a', 'b'], error: user === 'fail' ? 'Overloaded' : undefined }),
    });
    try {
      const ask = async (content: string) => {
        const response = await fetch(`${server.url}/v1/messages`, {
          method: 'POST',
          body: JSON.stringify({ model: 'm', stream: true, max_tokens: 10, messages: [{ role: 'user', content }] }),
        });
        return (await response.text())
          .split('\n\n')
          .filter(Boolean)
          .map((e) => e.split('\n')[0].replace('event: ', ''));
      };
      expect(await ask('ok')).toEqual([
        'message_start',
        'content_block_start',
        'ping',
        'content_block_delta',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      expect((await ask('fail')).slice(-1)).toEqual(['error']);
    } finally {
      await server.close();
    }
  });

  it('answers OpenAI chat with and without the /v1 prefix, records requests, and 404s unknown routes', async () => {
    const server = await startScriptedModelServer({
      protocol: 'openai',
      reply: ({ system, user }) => `${system}/${user}`,
    });
    try {
      const origin = server.url.replace(/\/v1$/, '');
      const body = JSON.stringify({
        model: 'm',
        messages: [
          { role: 'system', content: 's' },
          { role: 'user', content: [{ type: 'text', text: 'u' }] },
        ],
      });
      for (const path of ['/v1/chat/completions', '/chat/completions']) {
        const answer = await (
          await fetch(`${origin}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
        ).json();
        expect(answer.choices[0].message.content).toBe('s/u');
        expect(answer.usage.total_tokens).toBe(answer.usage.prompt_tokens + answer.usage.completion_tokens);
      }
      const missing = await fetch(`${origin}/v1/embeddings`, { method: 'POST', body });
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.message).toContain('/v1/embeddings');
      expect(server.requests.map((r) => r.path)).toEqual([
        '/v1/chat/completions',
        '/chat/completions',
        '/v1/embeddings',
      ]);
    } finally {
      await server.close();
    }
  });

  it('sends scripted statuses with the protocol’s error shape and headers', async () => {
    const server = await startScriptedModelServer({
      protocol: 'anthropic',
      reply: () => ({ status: 529, headers: { 'retry-after': '1' } }),
    });
    try {
      const response = await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [] }),
      });
      expect(response.status).toBe(529);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
      });
    } finally {
      await server.close();
    }
  });

  it('closes promptly while a delayed answer is pending', async () => {
    const server = await startScriptedModelServer({ protocol: 'ollama', reply: () => 'late', delayMs: 10_000 });
    const pending = fetch(`${server.url}/api/tags`).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1000);
    // The dropped connection fails the client's fetch (undici's TypeError, from another realm under Jest).
    expect(((await pending) as { name?: string }).name).toBe('TypeError');
  });
});
