import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { openStateDataSource } from '../state/state-data-source.factory';
import { TypeOrmEmbeddingCache } from '../state/typeorm-embedding.cache';
import { semanticLinkingFrom } from './semantic-linking.factory';

describe('semantic schema linking settings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-embed-'));
  let dataSource: DataSource;
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });

  beforeAll(async () => {
    dataSource = await openStateDataSource(`sqlite://${path.join(dir, 'state.db')}`);
  });
  afterAll(async () => {
    await dataSource.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is off without LLM_EMBEDDING_MODEL, and off with a warning for a provider without embeddings', () => {
    expect(semanticLinkingFrom(AppConfig.fromEnv({ LLM_PROVIDER: 'ollama' }), dataSource, logger)).toBeNull();
    expect(
      semanticLinkingFrom(
        AppConfig.fromEnv({ LLM_PROVIDER: 'anthropic', LLM_EMBEDDING_MODEL: 'x' }),
        dataSource,
        logger,
      ),
    ).toBeNull();
    expect(lines.join('')).toContain('LLM_EMBEDDING_MODEL is set but LLM_PROVIDER has no embeddings endpoint');
  });

  it("uses the provider's server and model when set", () => {
    const scorer = semanticLinkingFrom(
      AppConfig.fromEnv({ LLM_PROVIDER: 'ollama', LLM_EMBEDDING_MODEL: 'nomic-embed-text' }),
      dataSource,
      logger,
    );
    expect(scorer?.modelId).toBe('ollama:nomic-embed-text');
    const openai = semanticLinkingFrom(
      AppConfig.fromEnv({ LLM_PROVIDER: 'openai', LLM_API_KEY: 'k', LLM_EMBEDDING_MODEL: 'text-embedding-3-small' }),
      dataSource,
      logger,
    );
    expect(openai?.modelId).toBe('openai:text-embedding-3-small');
  });

  it('keeps table vectors in the state store', async () => {
    const cache = new TypeOrmEmbeddingCache(dataSource);
    expect(await cache.get('m\u0000v1\u00002')).toBeUndefined();
    await cache.set('m\u0000v1\u00002', [
      [0.5, -1],
      [2, 0],
    ]);
    await cache.set('m\u0000v1\u00002', [
      [1, 2],
      [3, 4],
    ]);
    expect(await new TypeOrmEmbeddingCache(dataSource).get('m\u0000v1\u00002')).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
