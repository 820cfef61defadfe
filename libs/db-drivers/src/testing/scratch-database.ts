import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createConnection } from 'mysql2/promise';
import type { Dialect } from '@nlq/contracts';

/** A database created for one test run: its connection URL and how to drop it. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** One engine tests run on: its dialect, the server it needs (none for SQLite) and how to make a scratch database. */
export interface ScratchEngine {
  name: string;
  dialect: Dialect;
  /** Servers it needs, as @nlq/test-services names them (drivers may not import that package). */
  services: Array<'postgresql' | 'mariadb'>;
  create(): Promise<ScratchDatabase>;
}

const unique = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/**
 * The engines of this machine for tests on real databases: SQLite (an empty file in a temp folder), PostgreSQL (127.0.0.1:5432,
 * postgres, trust; a fresh database) and MariaDB (127.0.0.1:3306, root, empty password; a fresh database).
 * Pair with `describeEachWith(SCRATCH_ENGINES, (e) => e.services)` so an unreachable server skips its suite.
 */
export const SCRATCH_ENGINES: ScratchEngine[] = [
  {
    name: 'sqlite',
    dialect: 'sqlite',
    services: [],
    async create() {
      const dir = mkdtempSync(path.join(tmpdir(), 'nlq-scratch-'));
      const file = path.join(dir, 'scratch.db');
      const { default: Database } = await import('better-sqlite3');
      new Database(file).close();
      return { url: `sqlite://${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgresql',
    dialect: 'postgresql',
    services: ['postgresql'],
    async create() {
      const admin = new Client({
        host: '127.0.0.1',
        port: 5432,
        user: 'postgres',
        database: 'postgres',
        connectionTimeoutMillis: 3000,
      });
      await admin.connect();
      const db = unique('nlq_scratch');
      await admin.query(`CREATE DATABASE ${db}`);
      return {
        url: `postgres://postgres@127.0.0.1:5432/${db}`,
        drop: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
          await admin.end();
        },
      };
    },
  },
  {
    name: 'mariadb',
    dialect: 'mariadb',
    services: ['mariadb'],
    async create() {
      const admin = await createConnection({
        host: '127.0.0.1',
        port: 3306,
        user: 'root',
        password: '',
        connectTimeout: 3000,
      });
      const db = unique('nlq_scratch');
      await admin.query(`CREATE DATABASE ${db}`);
      return {
        url: `mysql://root@127.0.0.1:3306/${db}`,
        drop: async () => {
          await admin.query(`DROP DATABASE IF EXISTS ${db}`);
          await admin.end();
        },
      };
    },
  },
];
