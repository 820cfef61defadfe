import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** File in DATA_DIR holding the random secret when ENCRYPTION_KEY is unset. */
export const SECRET_FILE_NAME = 'secret.key';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest (connection passwords, model API keys) with AES-256-GCM (NIST SP 800-38D): a random
 * 96-bit IV per value, the 128-bit tag checked on decryption. The 256-bit key is derived with HKDF-SHA-256
 * (RFC 5869) from ENCRYPTION_KEY, or from a random 32-byte secret kept in DATA_DIR/secret.key (mode 0600) and
 * created on first use. Tokens look like `v1.<base64url(iv | tag | ciphertext)>`.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** The box of ENCRYPTION_KEY when set, else of DATA_DIR/secret.key (created with mode 0600 when absent). */
  static open(encryptionKey: string | null, dataDir: string): SecretBox {
    const secret =
      encryptionKey !== null
        ? Buffer.from(encryptionKey, 'utf8')
        : readOrCreateSecretFile(path.join(dataDir, SECRET_FILE_NAME));
    return new SecretBox(
      Buffer.from(hkdfSync('sha256', secret, Buffer.from('nlq'), Buffer.from('nlq secrets at rest v1'), 32)),
    );
  }

  /** Encrypt a UTF-8 string; every call gives a different token. */
  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /**
   * Decrypt a token of {@link encrypt}.
   * @throws Error when the token is malformed, was encrypted with another key or was altered.
   */
  decrypt(token: string): string {
    const [version, data] = token.split('.');
    if (version !== VERSION || !data) throw new Error('Unknown secret format');
    const raw = Buffer.from(data, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Secret too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        'A stored secret cannot be decrypted: ENCRYPTION_KEY or DATA_DIR/secret.key changed since it was saved',
      );
    }
  }
}

/** Read a secret file, or create it with 32 random bytes (hex) and mode 0600 when it does not exist. */
export function readOrCreateSecretFile(file: string): Buffer {
  const value = readOrCreatePrivateFile(file, () => randomBytes(32).toString('hex'));
  return Buffer.from(value, 'utf8');
}

/**
 * The trimmed content of `file`, or `create()` written there first with mode 0600 (exclusive create, so two
 * processes starting together end up with the same value).
 */
export function readOrCreatePrivateFile(file: string, create: () => string): string {
  return readOrCreatePrivateFileWithFlag(file, create).value;
}

/** Like {@link readOrCreatePrivateFile}, also telling whether this call created the file. */
export function readOrCreatePrivateFileWithFlag(
  file: string,
  create: () => string,
): { value: string; created: boolean } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    const value = create();
    fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    fs.chmodSync(file, 0o600);
    return { value, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(file, 'utf8').trim();
  if (!value) throw new Error(`${file} is empty; delete it to have a new secret generated`);
  return { value, created: false };
}
