import path from 'node:path';
import { AppConfig, ConfigValidationError } from '../config/app-config';

describe('AppConfig: application surface variables', () => {
  it('has defaults', () => {
    const c = AppConfig.fromEnv({});
    expect(c).toMatchObject({
      userApiKeys: [],
      encryptionKey: null,
      connectionAllowedHosts: [],
      sqliteAllowedDirs: [],
      llmAllowedHosts: [],
      exportMaxRows: 100000,
    });
    expect(c.webDistDir).toBe(path.resolve(__dirname, '../../../../../apps/web/dist'));
  });

  it('parses USER_API_KEYS and the allow lists', () => {
    const c = AppConfig.fromEnv({
      USER_API_KEYS:
        'alice:alice-key-0123456789ab, bob:bob-key-0123456789abcd, ana:ana:key:0123456789ab:analyst, eve:eve-key-0123456789:owner',
      CONNECTION_ALLOWED_HOSTS: 'DB.example, *',
      SQLITE_ALLOWED_DIRS: '/srv/data,/tmp/x',
      LLM_ALLOWED_HOSTS: 'Gateway.example',
      EXPORT_MAX_ROWS: '5000',
    });
    expect(c.userApiKeys).toEqual([
      { userId: 'alice', key: 'alice-key-0123456789ab', role: 'viewer' },
      { userId: 'bob', key: 'bob-key-0123456789abcd', role: 'viewer' },
      { userId: 'ana', key: 'ana:key:0123456789ab', role: 'analyst' },
      { userId: 'eve', key: 'eve-key-0123456789:owner', role: 'viewer' },
    ]);
    expect(c.adapterRole).toBe('admin');
    expect(AppConfig.fromEnv({ ADAPTER_ROLE: 'viewer' }).adapterRole).toBe('viewer');
    expect(c.connectionAllowedHosts).toEqual(['db.example', '*']);
    expect(c.sqliteAllowedDirs).toEqual(['/srv/data', '/tmp/x']);
    expect(c.llmAllowedHosts).toEqual(['gateway.example']);
    expect(c.exportMaxRows).toBe(5000);
  });

  it.each([
    ['USER_API_KEYS', 'alice'],
    ['USER_API_KEYS', 'alice:short'],
    ['USER_API_KEYS', 'service:0123456789abcdef0123'],
    ['ENCRYPTION_KEY', 'short'],
    ['EXPORT_MAX_ROWS', '0'],
    ['ADAPTER_ROLE', 'owner'],
    ['POSTGRES_RLS_ROLE_PREFIX', 'nlq; DROP'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    expect(() => AppConfig.fromEnv({ [name]: value })).toThrow(ConfigValidationError);
    expect(() => AppConfig.fromEnv({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});
