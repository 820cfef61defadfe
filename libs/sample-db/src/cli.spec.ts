import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCliArguments } from './cli';

const repoRoot = path.resolve(__dirname, '../../..');

function runCli(args: string[]) {
  return spawnSync(process.execPath, ['-r', './tools/register.js', 'libs/sample-db/src/cli.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('sample-db CLI', () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-db-cli-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('parses options in both --name value and --name=value forms, with defaults', () => {
    expect(parseCliArguments([])).toEqual({
      out: 'data/shop.db',
      scale: 1,
      seed: 42,
      today: null,
      force: false,
      help: false,
    });
    expect(parseCliArguments(['--out', 'x.db', '--scale=0.5', '--seed', '7', '--force'])).toEqual({
      out: 'x.db',
      scale: 0.5,
      seed: 7,
      today: null,
      force: true,
      help: false,
    });
    expect(() => parseCliArguments(['--scale', '-1'])).toThrow('--scale');
    expect(() => parseCliArguments(['--seed', 'abc'])).toThrow('--seed');
    expect(() => parseCliArguments(['--out'])).toThrow('--out needs a value');
    expect(() => parseCliArguments(['--bogus'])).toThrow('unknown argument');
    expect(parseCliArguments(['--today', '2026-01-01']).today?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(() => parseCliArguments(['--today', '2026-13-45'])).toThrow('--today');
  });

  it('writes the database, prints row counts and time, keeps an existing file unless --force', () => {
    const out = path.join(dir, 'shop.db');
    const first = runCli(['--out', out, '--scale', '0.05', '--seed', '5']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/order_items\s+[\d,]+/);
    expect(first.stdout).toMatch(/generated in \d+\.\d\d s/);
    const bytes = fs.readFileSync(out);

    const kept = runCli(['--out', out, '--scale', '0.05', '--seed', '6']);
    expect(kept.status).toBe(0);
    expect(kept.stdout).toContain('already exists');
    expect(fs.readFileSync(out).equals(bytes)).toBe(true);

    const forced = runCli(['--out', out, '--scale', '0.05', '--seed', '6', '--force']);
    expect(forced.status).toBe(0);
    expect(fs.readFileSync(out).equals(bytes)).toBe(false);

    const bad = runCli(['--scale', 'zero']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('usage:');
  });
});
