import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_FILE_NAME, SecretBox } from './secret-box';

describe('SecretBox (AES-256-GCM)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-box-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('round-trips, never repeats a token and hides the plain text', () => {
    const box = SecretBox.open('an-encryption-key-of-some-length', dir);
    const a = box.encrypt('hunter2-password');
    const b = box.encrypt('hunter2-password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(a.slice(3), 'base64url').includes('hunter2')).toBe(false);
    expect(box.decrypt(a)).toBe('hunter2-password');
  });

  it('refuses altered tokens and tokens of another key', () => {
    const box = SecretBox.open('an-encryption-key-of-some-length', dir);
    const token = box.encrypt('secret');
    const raw = Buffer.from(token.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => box.decrypt(`v1.${raw.toString('base64url')}`)).toThrow(/cannot be decrypted/);
    expect(() => SecretBox.open('another-encryption-key-entirely', dir).decrypt(token)).toThrow(/cannot be decrypted/);
    expect(() => box.decrypt('v2.abc')).toThrow(/format/);
  });

  it('without ENCRYPTION_KEY keeps a random secret in DATA_DIR (mode 0600) and reuses it', () => {
    const first = SecretBox.open(null, dir);
    const file = path.join(dir, SECRET_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(SecretBox.open(null, dir).decrypt(first.encrypt('kept'))).toBe('kept');
  });
});
