import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { openStateDataSource } from '../platform/state/state-data-source.factory';

/** The local PostgreSQL test database (libs/test-services). */
export const STATE_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A state database opened through the migrations, and how to remove it. */
export interface OpenedState {
  dataSource: DataSource;
  cleanup(): Promise<void>;
}

/** One engine a state-store test runs on; `services` are what describeEachWith needs reachable. */
export interface StateEngine {
  name: 'sqlite' | 'postgres';
  services: Array<'postgresql'>;
  open(): Promise<OpenedState>;
}

/**
 * The state store's engines for tests: a fresh SQLite file in a temporary directory, and a schema of its own on the
 * local PostgreSQL (dropped by cleanup). Use with `describeEachWith(STATE_ENGINES, (e) => e.services)`.
 */
export const STATE_ENGINES: readonly StateEngine[] = [
  {
    name: 'sqlite',
    services: [],
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-state-'));
      const dataSource = await openStateDataSource(`sqlite://${path.join(dir, 'state.db')}`);
      return {
        dataSource,
        async cleanup() {
          await dataSource.destroy();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    services: ['postgresql'],
    async open() {
      const admin = new Client({ connectionString: STATE_PG_URL });
      await admin.connect();
      const schema = `nlq_state_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE SCHEMA "${schema}"`);
      const dataSource = await openStateDataSource(STATE_PG_URL, { schema });
      return {
        dataSource,
        async cleanup() {
          await dataSource.destroy();
          await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
          await admin.end();
        },
      };
    },
  },
];
