import path from 'node:path';
import { AppConfig, ConfigValidationError, listenRefusal } from './app-config';

describe('AppConfig.fromEnv', () => {
  it('applies every default', () => {
    const config = AppConfig.fromEnv({});
    const dataDir = path.resolve('./data');
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      mode: 'user',
      serviceApiKey: null,
      dataDir,
      queryDatabaseUrl: `sqlite://${dataDir}/shop.db`,
      sampleDatabasePath: `${dataDir}/shop.db`,
      stateDatabaseUrl: `sqlite://${dataDir}/state.db`,
      llm: { provider: 'offline', model: null, baseUrl: null, apiKey: null },
      corsOrigins: '*',
      maxQuestionChars: 2000,
      maxResultRows: 1000,
      statementTimeoutMs: 10000,
      maxRetries: 3,
      maxBodyBytes: 65536,
      rateLimitPerMinute: 120,
      logLevel: 'info',
      logFormat: 'auto',
      historyRetentionDays: 90,
      traceRetentionDays: 14,
      statePruneIntervalMinutes: 60,
    });
  });

  it('reads and converts the variables; empty strings count as unset', () => {
    const config = AppConfig.fromEnv({
      PORT: '9001',
      SERVICE_MODE: 'admin',
      SERVICE_API_KEY: 'a-long-secret',
      DATA_DIR: '/tmp/nlq-x',
      QUERY_DATABASE_URL: 'postgres://u@h/db',
      STATE_DATABASE_URL: '',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: 'http://127.0.0.1:1234/v1',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      MAX_RETRIES: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      HISTORY_RETENTION_DAYS: '0',
      TRACE_RETENTION_DAYS: '3',
      STATE_PRUNE_INTERVAL_MINUTES: '5',
    });
    expect(config).toMatchObject({
      port: 9001,
      mode: 'admin',
      serviceApiKey: 'a-long-secret',
      queryDatabaseUrl: 'postgres://u@h/db',
      sampleDatabasePath: null,
      stateDatabaseUrl: 'sqlite:///tmp/nlq-x/state.db',
      llm: { provider: 'openai', baseUrl: 'http://127.0.0.1:1234/v1' },
      corsOrigins: ['https://a.example', 'https://b.example'],
      maxRetries: 0,
      rateLimitPerMinute: 0,
      historyRetentionDays: 0,
      traceRetentionDays: 3,
      statePruneIntervalMinutes: 5,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['HISTORY_RETENTION_DAYS', '-1'],
    ['STATE_PRUNE_INTERVAL_MINUTES', '0'],
    ['PORT', '70000'],
    ['SERVICE_MODE', 'root'],
    ['LLM_PROVIDER', 'gpt'],
    ['MAX_QUESTION_CHARS', '0'],
    ['MAX_BODY_BYTES', '12.5'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['RATE_LIMIT_PER_MINUTE', 'many'],
    ['STATE_DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'colour'],
    ['SERVICE_API_KEY', 'short'],
    ['LLM_BASE_URL', 'not a url'],
    ['WEB_APP_URL', 'nlq.example.com'],
    ['WEB_APP_URL', 'https://nlq.example.com/?tab=chat'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => AppConfig.fromEnv({ [name]: value })).toThrow(ConfigValidationError);
    expect(() => AppConfig.fromEnv({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it('reads WEB_APP_URL without its trailing slash, null when unset', () => {
    expect(AppConfig.fromEnv({ WEB_APP_URL: 'https://nlq.example.com/app/' }).webAppUrl).toBe(
      'https://nlq.example.com/app',
    );
    expect(AppConfig.fromEnv({}).webAppUrl).toBeNull();
  });

  it('listens on loopback by default and refuses another interface while the query adapter has no key', () => {
    expect(listenRefusal(AppConfig.fromEnv({}))).toBeNull();
    for (const host of ['localhost', '::1', '[::1]', '127.0.0.2'])
      expect(listenRefusal(AppConfig.fromEnv({ HOST: host }))).toBeNull();
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'nlq.example'])
      expect(listenRefusal(AppConfig.fromEnv({ HOST: host }))).toMatch(/^HOST: .* set SERVICE_API_KEY/);
    expect(listenRefusal(AppConfig.fromEnv({ HOST: '0.0.0.0', SERVICE_API_KEY: 'k'.repeat(32) }))).toBeNull();
  });

  it('requires CORS_ORIGINS in production', () => {
    expect(() => AppConfig.fromEnv({ NODE_ENV: 'production' })).toThrow(/CORS_ORIGINS/);
    expect(AppConfig.fromEnv({ NODE_ENV: 'production', CORS_ORIGINS: 'https://nlq.example' }).corsOrigins).toEqual([
      'https://nlq.example',
    ]);
  });

  it('lists every invalid variable at once', () => {
    try {
      AppConfig.fromEnv({ PORT: '-1', MAX_RETRIES: '99' });
      throw new Error('expected a ConfigValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigValidationError);
      expect((error as ConfigValidationError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'MAX_RETRIES',
        'PORT',
      ]);
    }
  });

  it("reads the answer mode, conversation turns and the cascade's fallback provider", () => {
    const defaults = AppConfig.fromEnv({});
    expect(defaults).toMatchObject({ answerMode: 'auto', conversationTurns: 5, llmFallback: null });
    const set = AppConfig.fromEnv({
      ANSWER_MODE: 'template',
      CONVERSATION_TURNS: '0',
      LLM_FALLBACK_PROVIDER: 'openai',
      LLM_FALLBACK_MODEL: 'gpt-4o',
      LLM_FALLBACK_API_KEY: 'k',
    });
    expect(set).toMatchObject({
      answerMode: 'template',
      conversationTurns: 0,
      llmFallback: { provider: 'openai', model: 'gpt-4o', baseUrl: null, apiKey: 'k' },
    });
    expect(() => AppConfig.fromEnv({ ANSWER_MODE: 'poetry', LLM_FALLBACK_PROVIDER: 'gpt' })).toThrow(
      ConfigValidationError,
    );
  });
});
