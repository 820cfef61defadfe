import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  connectionUrlProblem,
  hostListed,
  isLoopbackHost,
  llmBaseUrlProblem,
  type ProbeGuardSettings,
} from './probe-guard';

describe('probing guard', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-guard-'));
  const extraDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-guard-extra-'));
  const settings: ProbeGuardSettings = {
    dataDir,
    queryDatabaseUrl: 'postgres://nlq@db.company.internal:5432/shop',
    connectionAllowedHosts: ['warehouse.example', '*.replicas.example'],
    sqliteAllowedDirs: [extraDir],
    llm: { baseUrl: 'http://models.company.internal:11434' },
    llmAllowedHosts: ['gateway.example'],
  };
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(extraDir, { recursive: true, force: true });
  });

  it('knows loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST'])
      expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['10.0.0.1', '169.254.169.254', '0.0.0.0', 'example.com', '::2', 'localhost.example.com'])
      expect(isLoopbackHost(h)).toBe(false);
  });

  it('matches listed hosts, wildcard subdomains and *', () => {
    expect(hostListed('a.replicas.example', ['*.replicas.example'])).toBe(true);
    expect(hostListed('replicas.example', ['*.replicas.example'])).toBe(false);
    expect(hostListed('anything', ['*'])).toBe(true);
    expect(hostListed('x.example', [])).toBe(false);
  });

  it('allows loopback, the configured host and listed hosts for server databases', () => {
    for (const url of [
      'postgres://u:p@127.0.0.1:5432/db',
      'mysql://root@localhost/test',
      'postgres://u@db.company.internal/other',
      'mariadb://u@warehouse.example/x',
      'postgres://u@eu.replicas.example/x',
    ]) {
      expect(connectionUrlProblem(url, settings)).toBeNull();
    }
    expect(connectionUrlProblem('postgres://u:p@10.1.2.3/db', settings)).toMatch(
      /Database host "10\.1\.2\.3" is not allowed/,
    );
    expect(connectionUrlProblem('mssql://sa:p@sql.other.example/db', settings)).toMatch(/not allowed/);
    expect(connectionUrlProblem('postgres://u@10.1.2.3/db', { ...settings, connectionAllowedHosts: ['*'] })).toBeNull();
    expect(connectionUrlProblem('redis://x', settings)).toMatch(/Unsupported/);
  });

  it('allows SQLite files only under DATA_DIR, SQLITE_ALLOWED_DIRS or :memory:', () => {
    expect(connectionUrlProblem(`sqlite://${dataDir}/a.db`, settings)).toBeNull();
    expect(connectionUrlProblem(`sqlite://${dataDir}/sub/dir/a.db`, settings)).toBeNull();
    expect(connectionUrlProblem(`sqlite://${extraDir}/b.db`, settings)).toBeNull();
    expect(connectionUrlProblem('sqlite::memory:', settings)).toBeNull();
    expect(connectionUrlProblem('sqlite:///etc/passwd', settings)).toMatch(/only under DATA_DIR/);
    expect(connectionUrlProblem(`sqlite://${dataDir}/../escape.db`, settings)).toMatch(/only under DATA_DIR/);
    expect(connectionUrlProblem(`sqlite://${dataDir}`, settings)).toMatch(/only under DATA_DIR/);
  });

  it('follows symbolic links out of DATA_DIR', () => {
    const link = path.join(dataDir, 'link');
    fs.symlinkSync('/etc', link);
    expect(connectionUrlProblem(`sqlite://${link}/x.db`, settings)).toMatch(/only under DATA_DIR/);
  });

  it('guards model base URLs', () => {
    for (const url of [
      'http://127.0.0.1:11434',
      'https://api.openai.com/v1',
      'https://api.anthropic.com',
      'http://models.company.internal:11434/v1',
      'https://gateway.example/v1',
    ]) {
      expect(llmBaseUrlProblem(url, settings)).toBeNull();
    }
    expect(llmBaseUrlProblem('http://169.254.169.254/latest', settings)).toMatch(
      /Model host "169\.254\.169\.254" is not allowed/,
    );
    expect(llmBaseUrlProblem('file:///etc/passwd', settings)).toMatch(/http\(s\)/);
    expect(llmBaseUrlProblem('not a url', settings)).toMatch(/not a URL/);
  });
});
