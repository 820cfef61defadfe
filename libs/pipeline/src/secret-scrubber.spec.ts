import type { LiveEvent } from '@nlq/contracts';
import { rememberSecrets, scrubDeep, scrubLiveEvent, scrubMessage } from './secret-scrubber';

describe('scrubMessage', () => {
  it('blanks connection-string passwords and key=value credentials, keeping user, host and database', () => {
    const text = scrubMessage(
      'connect to postgres://report:Hunter2-Secret@10.0.0.5:5432/warehouse and mysql://root:r00t-pw@db/shop failed; ' +
        'PGPASSWORD=pg-env-secret password: "quoted secret" {"password":"json-secret"} api_key=k-123456 pwd=abc123;',
    );
    expect(text).not.toMatch(/Hunter2|r00t-pw|pg-env-secret|quoted secret|json-secret|k-123456|abc123/);
    expect(text).toContain('postgres://report:***@10.0.0.5:5432/warehouse');
    expect(text).toContain('mysql://root:***@db/shop');
    expect(text).toContain('PGPASSWORD=***');
  });

  it('replaces server file paths (POSIX, sqlite: and file: URLs, Windows drive and UNC, ~/) with [path]', () => {
    expect(scrubMessage('SQLITE_CANTOPEN: unable to open database file /home/x/data/shop.db.')).toBe(
      'SQLITE_CANTOPEN: unable to open database file [path].',
    );
    expect(scrubMessage('could not read "/work/main/data/state.db": denied')).toBe('could not read "[path]": denied');
    expect(scrubMessage('open /srv2/nlq/shop.sqlite failed')).toBe('open [path] failed');
    expect(scrubMessage('url sqlite:///tmp/nlq-1/shop.db is wrong')).toBe('url sqlite:[path] is wrong');
    expect(scrubMessage('file:///var/lib/x.db')).toBe('file:[path]');
    expect(scrubMessage(String.raw`cannot open C:\nlq\data\shop.db or D:/exports/a.csv`)).toBe(
      'cannot open [path] or [path]',
    );
    expect(scrubMessage(String.raw`share \\fileserver\nlq\shop.db gone`)).toBe('share [path] gone');
    expect(scrubMessage('see ~/nlq/shop.db')).toBe('see [path]');
  });

  it('leaves routes, URLs, SQL and ordinary text alone', () => {
    for (const text of [
      'Cannot GET /api/nope',
      'Route GET:/api/traces/abc not found',
      'Cannot reach the OpenAI server at http://127.0.0.1:9/v1/chat/completions.',
      'postgres://app@db.internal:5432/shop.db refused the connection',
      'Unexpected token: FROM near "orders"',
      'no such column: total / 2',
      'division by zero',
      'sqlite::memory: is empty',
    ]) {
      expect(scrubMessage(text)).toBe(text);
    }
  });

  it('blanks remembered secrets as written and percent-decoded, and extra forms given by the caller', () => {
    rememberSecrets('s3cr%40t-remembered', null, 'abc');
    expect(scrubMessage('login failed with s3cr@t-remembered (s3cr%40t-remembered); abc stays')).toBe(
      'login failed with *** (***); abc stays',
    );
    expect(scrubMessage('the key zz-9 was refused', ['zz-9'])).toBe('the key *** was refused');
  });
});

describe('scrubDeep', () => {
  it('scrubs every string at any depth and keeps other values and keys', () => {
    const detail = {
      kind: 'syntax',
      attempt: 2,
      ok: false,
      none: null,
      error: 'open /home/x/shop.db',
      nested: { list: ['postgres://u:pw-1@h/db', 3] },
    };
    expect(scrubDeep(detail)).toEqual({
      kind: 'syntax',
      attempt: 2,
      ok: false,
      none: null,
      error: 'open [path]',
      nested: { list: ['postgres://u:***@h/db', 3] },
    });
  });
});

describe('scrubLiveEvent', () => {
  const event = (type: LiveEvent['type'], data: Record<string, unknown>): LiveEvent => ({
    type,
    sessionId: 's',
    userId: 'u',
    traceId: 't',
    at: '2024-01-01T00:00:00.000Z',
    data,
  });

  it("scrubs data.error and a failed answer.ready's response, never a successful answer or the SQL", () => {
    const failed = scrubLiveEvent(
      event('answer.ready', {
        success: false,
        sql: "SELECT '/home/x/a.db'",
        response: 'open /home/x/a.db',
        error: 'open /home/x/a.db',
      }),
    );
    expect(failed.data).toEqual({
      success: false,
      sql: "SELECT '/home/x/a.db'",
      response: 'open [path]',
      error: 'open [path]',
    });
    const answered = event('answer.ready', {
      success: true,
      sql: 'SELECT path FROM files',
      response: 'The file is /home/x/a.db.',
      error: null,
    });
    expect(scrubLiveEvent(answered)).toBe(answered);
    expect(
      scrubLiveEvent(
        event('approval.failed', { sql: 'DELETE FROM t', error: 'password=pw-2 rejected', interrupted: false }),
      ).data.error,
    ).toBe('password=*** rejected');
  });
});
