import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

/** The floor: a bare endpoint with no checks and no pipeline. */
export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A bare Fastify server on 127.0.0.1 (random port): POST /query `{question}` runs the SQL given for that question
 * in `sqlByQuestion` directly with better-sqlite3 (one read-only handle, statements prepared once) and answers
 * `{ columns, rows }`; an unknown question is a 400. No validation, checking, cache, history or answer text: the
 * lower bound of what POST /query can cost on this machine.
 */
export async function startFloorServer(
  databaseFile: string,
  sqlByQuestion: ReadonlyMap<string, string>,
): Promise<FloorServer> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  const statements = new Map([...sqlByQuestion].map(([question, sql]) => [question, db.prepare(sql).raw(true)]));
  const app = Fastify({ logger: false });
  app.post<{ Body: { question?: string } }>('/query', async (request, reply) => {
    const statement = statements.get(request.body?.question ?? '');
    if (!statement) return reply.code(400).send({ error: 'unknown question' });
    return { columns: statement.columns().map((c) => c.name), rows: statement.all() };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}

/**
 * The floor on a server engine: the same bare Fastify endpoint, running the SQL given for the question through a
 * plain client pool of `poolSize` connections (pg.Pool for `postgres://`, mysql2's pool for `mysql://`), answering
 * `{ columns, rows }` (rows as arrays).
 */
export async function startServerFloorServer(
  url: string,
  sqlByQuestion: ReadonlyMap<string, string>,
  poolSize = 10,
): Promise<FloorServer> {
  let run: (sql: string) => Promise<{ columns: string[]; rows: unknown[][] }>;
  let end: () => Promise<void>;
  if (url.startsWith('postgres')) {
    const { Pool } = await import('pg');
    const pool = new Pool({ connectionString: url, max: poolSize });
    run = async (sql) => {
      const r = await pool.query({ text: sql, rowMode: 'array' });
      return { columns: r.fields.map((f) => f.name), rows: r.rows as unknown[][] };
    };
    end = () => pool.end();
  } else {
    const { createPool } = await import('mysql2/promise');
    const u = new URL(url);
    const pool = createPool({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: u.pathname.slice(1),
      connectionLimit: poolSize,
    });
    run = async (sql) => {
      const [rows, fields] = await pool.query({ sql, rowsAsArray: true });
      return { columns: (fields ?? []).map((f) => f.name), rows: rows as unknown[][] };
    };
    end = () => pool.end();
  }
  const app = Fastify({ logger: false });
  app.post<{ Body: { question?: string } }>('/query', async (request, reply) => {
    const sql = sqlByQuestion.get(request.body?.question ?? '');
    if (!sql) return reply.code(400).send({ error: 'unknown question' });
    return run(sql);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await end();
    },
  };
}
