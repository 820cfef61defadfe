import { createProvider } from './create-provider';
import { ProviderTimeoutError } from './errors';
import { startScriptedModelServer } from './testing/scripted-model-server';
import type { DatabaseSchema } from '@nlq/contracts';

const schema: DatabaseSchema = {
  dialect: 'sqlite',
  tables: [],
  introspectedAt: '2025-01-01T00:00:00.000Z',
  version: 'empty',
};

describe('createProvider', () => {
  it('uses per-provider default models', () => {
    expect(createProvider({ provider: 'openai' }).modelId).toBe('openai:gpt-4o-mini');
    expect(createProvider({ provider: 'anthropic' }).modelId).toBe('anthropic:claude-sonnet-4-5');
    expect(createProvider({ provider: 'ollama' }).modelId).toBe('ollama:qwen2.5-coder:7b');
  });

  it('returns the built-in offline engine for offline', () => {
    const provider = createProvider({ provider: 'offline', model: 'ignored' });
    expect(provider.name).toBe('offline');
    expect(provider.modelId.startsWith('offline:')).toBe(true);
  });

  it('passes model, base URL, key, timeout and retries through to the provider', async () => {
    const server = await startScriptedModelServer({ protocol: 'openai', reply: () => 'SELECT 42', delayMs: 300 });
    try {
      const settings = {
        provider: 'openai' as const,
        model: 'local-coder',
        baseUrl: server.url,
        apiKey: 'key-1234',
        maxRetries: 0,
      };
      const slow = createProvider({ ...settings, timeoutMs: 100 });
      await expect(
        slow.generateSql({ question: 'q', dialect: 'sqlite', schema, examples: [], maxRows: 10 }),
      ).rejects.toBeInstanceOf(ProviderTimeoutError);
      const patient = createProvider({ ...settings, timeoutMs: 5000 });
      const result = await patient.generateSql({ question: 'q', dialect: 'sqlite', schema, examples: [], maxRows: 10 });
      expect(result.sql).toBe('SELECT 42');
      expect(patient.modelId).toBe('openai:local-coder');
      const last = server.requests[server.requests.length - 1];
      expect((last.body as { model: string }).model).toBe('local-coder');
      expect(last.headers.authorization).toBe('Bearer key-1234');
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('rejects an unknown provider name', () => {
    expect(() => createProvider({ provider: 'gemini' as never })).toThrow(/Unknown model provider "gemini"/);
  });
});
