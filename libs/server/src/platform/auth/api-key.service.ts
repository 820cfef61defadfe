import { Inject, Injectable } from '@nestjs/common';
import type { ApiKeyView } from '@nlq/contracts';
import { ErrorCode, isRole, type Role } from '@nlq/contracts';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ApiException } from '../common/api.exception';
import { auditCallerEvent } from '../common/audit.logger';
import { PRINTABLE_ID, MAX_SESSION_ID_CHARS } from '../common/session-id.pipe';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logger.factory';
import { ApiKeyEntity } from './api-key.entity';
import { SERVICE_USER_ID, type Principal } from './caller';
import { validAttributes } from './user-attributes';
import { readOrCreatePrivateFileWithFlag } from './secret-box';

/** File in DATA_DIR holding the generated service key when SERVICE_API_KEY is unset. */
export const SERVICE_KEY_FILE_NAME = 'service-api-key';

/** The principal of the service key: user `service`, role `admin`. */
export const SERVICE_PRINCIPAL: Principal = Object.freeze({
  userId: SERVICE_USER_ID,
  role: 'admin',
  attributes: Object.freeze({}),
  via: 'service-key',
});

/** Characters of an issued key shown back as its `prefix`. */
const PREFIX_CHARS = 12;

/**
 * The keys of the application surface (docs/http-api.md "Contract: authentication" rule 2; docs/http-api.md "Contract: authentication" rule 4) and who they belong to.
 *
 * - The service key (user id `service`): SERVICE_API_KEY, or when unset a random key generated on first start,
 *   kept in DATA_DIR/service-api-key (mode 0600), printed once on stdout when created (never logged) and reused
 *   afterwards; the startup block then names the file.
 * - User-bound keys: USER_API_KEYS from configuration, and keys issued through POST /api/keys, of which only the
 *   SHA-256 digest is stored.
 *
 * Comparison: the given key is hashed with SHA-256 and compared with each configured digest by
 * crypto.timingSafeEqual (equal-length digests, every candidate checked), so timing reveals neither content nor
 * length; issued keys are found by their digest.
 */
@Injectable()
export class ApiKeyService {
  private readonly serviceDigest: Buffer;
  private readonly configured: Array<{ userId: string; role: Role; digest: Buffer }>;
  /** Where the generated service key is kept, or null when SERVICE_API_KEY is set. */
  readonly serviceKeyFile: string | null;
  /**
   * The service key when this start generated it (first start without SERVICE_API_KEY), else null. `npm start`
   * prints it once on stdout, in the block after the startup logs (apps/api/src/startup-block.ts); it is never logged.
   */
  readonly generatedServiceKey: string | null = null;

  constructor(
    config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    let serviceKey = config.serviceApiKey;
    if (serviceKey === null) {
      this.serviceKeyFile = path.join(config.dataDir, SERVICE_KEY_FILE_NAME);
      const { value, created } = readOrCreatePrivateFileWithFlag(this.serviceKeyFile, newKey);
      serviceKey = value;
      if (created) {
        this.generatedServiceKey = value;
        logger.info(
          { keyFile: this.serviceKeyFile },
          `Generated the service API key (user "service") for the web app, /api and /ws/live, kept in ${this.serviceKeyFile} (mode 0600); set SERVICE_API_KEY to use your own`,
        );
      } else {
        logger.info({ keyFile: this.serviceKeyFile }, `Using the service API key kept in ${this.serviceKeyFile}`);
      }
    } else {
      this.serviceKeyFile = null;
    }
    this.serviceDigest = sha256(serviceKey);
    this.configured = config.userApiKeys.map((k) => ({ userId: k.userId, role: k.role, digest: sha256(k.key) }));
  }

  /**
   * The principal a key identifies, or null for a missing or unknown key: the service key is `admin` (user
   * `service`), a USER_API_KEYS key has the role its entry gives, an issued key its stored role and attributes.
   */
  async verify(key: string | null | undefined): Promise<Principal | null> {
    if (typeof key !== 'string' || key.length === 0 || key.length > 512) return null;
    const digest = sha256(key);
    let found: Principal | null = null;
    if (timingSafeEqual(digest, this.serviceDigest)) found = SERVICE_PRINCIPAL;
    for (const candidate of this.configured) {
      if (timingSafeEqual(digest, candidate.digest) && !found) {
        found = { userId: candidate.userId, role: candidate.role, attributes: {}, via: 'user-key' };
      }
    }
    const keyId = digest.toString('hex').slice(0, 32); // keyFingerprint(key), from the digest already computed
    if (found) return { ...found, keyId };
    const issued = await this.repository().findOneBy({ keyHash: digest.toString('hex') });
    return issued
      ? {
          userId: issued.userId,
          role: storedRole(issued),
          attributes: storedAttributes(issued),
          via: 'user-key',
          keyId,
        }
      : null;
  }

  /**
   * Issue a key bound to `request.userId` (1..128 printable characters, not `service`) with a role (default
   * `viewer`) and attributes (see {@link validAttributes}); the answer carries the key once.
   * @throws ApiException 400 for an invalid user id or attributes.
   */
  async issue(
    request: { userId: string; role?: Role; attributes?: Record<string, unknown> },
    issuedBy: Principal,
  ): Promise<ApiKeyView> {
    const { userId } = request;
    if (!PRINTABLE_ID.test(userId) || userId.length > MAX_SESSION_ID_CHARS || userId.trim() !== userId) {
      throw ApiException.validation([
        {
          field: 'user_id',
          problems: [`user_id must be 1 to ${MAX_SESSION_ID_CHARS} printable characters without surrounding spaces`],
        },
      ]);
    }
    if (userId === SERVICE_USER_ID) {
      throw ApiException.validation([
        { field: 'user_id', problems: ['user_id "service" is reserved for the service key'] },
      ]);
    }
    const attributes = validAttributes(request.attributes ?? {});
    const key = newKey();
    const row: ApiKeyEntity = {
      id: randomUUID(),
      userId,
      keyHash: sha256(key).toString('hex'),
      prefix: key.slice(0, PREFIX_CHARS),
      role: request.role ?? 'viewer',
      attributes: JSON.stringify(attributes),
      createdAt: new Date().toISOString(),
    };
    await this.repository().insert(row);
    auditCallerEvent(this.logger, 'key.issue', issuedBy, { keyId: row.id, keyUserId: userId, keyRole: row.role });
    return { ...toView(row), key };
  }

  /** Issued keys (never the keys themselves), newest first. */
  async list(): Promise<ApiKeyView[]> {
    const rows = await this.repository().find({ order: { createdAt: 'DESC' } });
    return rows.map(toView);
  }

  /**
   * Revoke an issued key: it stops working at once.
   * @throws ApiException 404 for an unknown id.
   */
  async revoke(id: string, revokedBy: Principal): Promise<void> {
    const result = await this.repository().delete({ id });
    if (!result.affected) throw new ApiException(404, ErrorCode.NOT_FOUND, `No issued API key with id "${id}".`);
    auditCallerEvent(this.logger, 'key.revoke', revokedBy, { keyId: id });
  }

  private repository() {
    return this.dataSource.getRepository(ApiKeyEntity);
  }
}

/** A new random key: `nlq_` and 32 random bytes in base64url (256 bits). */
export function newKey(): string {
  return `nlq_${randomBytes(32).toString('base64url')}`;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

function toView(row: ApiKeyEntity): ApiKeyView {
  return {
    id: row.id,
    user_id: row.userId,
    prefix: row.prefix,
    role: storedRole(row),
    attributes: storedAttributes(row),
    created_at: row.createdAt,
  };
}

/** The stored role of an issued key; anything unknown reads as the weakest role. */
function storedRole(row: ApiKeyEntity): Role {
  return isRole(row.role) ? row.role : 'viewer';
}

/** The stored attributes of an issued key (JSON object of strings; anything else reads as none). */
function storedAttributes(row: ApiKeyEntity): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(row.attributes);
    return validAttributes(parsed as Record<string, unknown>);
  } catch {
    return {};
  }
}
