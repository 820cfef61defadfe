/**
 * Source of the child process that holds one better-sqlite3 handle for the SQLite driver, run with
 * `node -e <source>` and spoken to over Node's IPC channel (advanced serialization, so bigint and Buffer cross
 * intact). Plain JavaScript in a string so it runs the same under Jest, the SWC loader and compiled output.
 *
 * Environment: NLQ_SQLITE_MODULE (resolved path of better-sqlite3), NLQ_SQLITE_FILE, NLQ_SQLITE_MODE (`ro`/`rw`),
 * NLQ_SQLITE_BUSY_MS (busy timeout).
 *
 * Messages in: `{ id, op: 'read', sql, params, maxRows }` and `{ id, op: 'write', sql }`.
 * Messages out: `{ type: 'ready' }`, `{ type: 'fatal', error }` at start; `{ id, ok: true, ... }` or
 * `{ id, ok: false, error: { code, message } }` per request.
 *
 * Read mode (`ro`): the handle is opened with `readonly: true` (SQLITE_OPEN_READONLY: SQLite itself refuses every
 * write), each read runs inside BEGIN ... ROLLBACK (so ATTACH, VACUUM INTO and journal-mode changes fail: they cannot
 * run inside a transaction), better-sqlite3's prepare() refuses a second statement, rows are iterated and the
 * iteration stops at maxRows + 1. A statement that returns no rows and still succeeds (e.g. ATTACH of an existing
 * file) is followed by detaching every database except main and temp. load_extension is never enabled.
 * Write mode (`rw`): BEGIN IMMEDIATE; run; COMMIT (ROLLBACK on error); replies `changes`. When the parent died while
 * the statement ran (the child was re-parented: `process.ppid` changed), it rolls back instead of committing.
 * The child exits once its parent is gone (IPC disconnect, or a re-parenting noticed within a second).
 *
 * Requests may arrive ahead of time (the pool pipelines them): they are queued and run one at a time, in arrival
 * order, one per turn of the event loop (setImmediate), each reply sent as soon as its statement ends.
 */
export const SQLITE_CHILD_SOURCE = String.raw`
'use strict';
const Database = require(process.env.NLQ_SQLITE_MODULE);
const mode = process.env.NLQ_SQLITE_MODE;
const parentPid = process.ppid;
let db;
try {
  db = new Database(process.env.NLQ_SQLITE_FILE, {
    readonly: mode === 'ro',
    fileMustExist: mode === 'ro',
    timeout: Number(process.env.NLQ_SQLITE_BUSY_MS || 5000),
  });
  // Touch the schema: a rw handle rolls back a hot journal left by a killed writer; both surface "not a database".
  db.prepare('SELECT count(*) FROM sqlite_schema').get();
} catch (e) {
  process.send({ type: 'fatal', error: { code: e && e.code, message: String(e && e.message || e) } }, () => process.exit(1));
  db = null;
}
const cache = new Map();
function prepare(sql) {
  let stmt = cache.get(sql);
  if (stmt) return stmt;
  stmt = db.prepare(sql);
  if (cache.size >= 200) cache.delete(cache.keys().next().value);
  cache.set(sql, stmt);
  return stmt;
}
function detachExtras() {
  try {
    for (const row of db.prepare('PRAGMA database_list').all()) {
      if (row.name !== 'main' && row.name !== 'temp') db.prepare('DETACH DATABASE "' + String(row.name).replace(/"/g, '""') + '"').run();
    }
  } catch (e) { /* nothing attached */ }
}
let begin, rollback;
function read(m) {
  const stmt = prepare(m.sql);
  const params = m.params || [];
  begin = begin || db.prepare('BEGIN');
  rollback = rollback || db.prepare('ROLLBACK');
  begin.run();
  const t0 = process.hrtime.bigint();
  try {
    if (!stmt.reader) {
      stmt.run(...params);
      return { columns: [], rows: [], truncated: false, durationMs: Number(process.hrtime.bigint() - t0) / 1e6 };
    }
    stmt.raw(true).safeIntegers(true);
    const columns = stmt.columns().map((c) => c.name);
    const rows = [];
    let truncated = false;
    const it = stmt.iterate(...params);
    try {
      for (const row of it) {
        if (rows.length >= m.maxRows) { truncated = true; break; }
        rows.push(row);
      }
    } finally {
      if (it.return) it.return();
    }
    return { columns, rows, truncated, durationMs: Number(process.hrtime.bigint() - t0) / 1e6 };
  } finally {
    if (db.inTransaction) rollback.run();
    if (!stmt.reader) detachExtras();
  }
}
function write(m) {
  db.prepare('BEGIN IMMEDIATE').run();
  const t0 = process.hrtime.bigint();
  try {
    const stmt = db.prepare(m.sql);
    let changes;
    if (stmt.reader) { stmt.raw(true).all(); changes = db.prepare('SELECT changes()').pluck().get(); }
    else changes = stmt.run().changes;
    // The parent (the api) may have died while the statement ran (kill -9, OOM): its write is then an orphan that
    // nobody will record, so it is rolled back rather than committed (a write runs at most once).
    if (process.ppid !== parentPid) throw Object.assign(new Error('parent process exited during the write'), { code: 'NLQ_ORPHANED' });
    if (db.inTransaction) db.prepare('COMMIT').run();
    return { rowsAffected: Number(changes), durationMs: Number(process.hrtime.bigint() - t0) / 1e6 };
  } catch (e) {
    if (db.inTransaction) db.prepare('ROLLBACK').run();
    throw e;
  }
}
const pending = [];
let scheduled = false;
function runNext() {
  scheduled = false;
  const m = pending.shift();
  if (!m) return;
  let reply;
  try {
    const out = m.op === 'write' && mode === 'rw' ? write(m) : read(m);
    reply = Object.assign({ id: m.id, ok: true }, out);
  } catch (e) {
    reply = { id: m.id, ok: false, error: { code: e && e.code, message: String(e && e.message || e) } };
  }
  process.send(reply);
  if (pending.length) { scheduled = true; setImmediate(runNext); }
}
if (db) process.on('message', (m) => {
  pending.push(m);
  if (!scheduled) { scheduled = true; setImmediate(runNext); }
});
process.on('disconnect', () => process.exit(0));
// Parent gone without closing the channel: exit (a write in progress rolls back, see write()).
setInterval(() => { if (process.ppid !== parentPid) process.exit(0); }, 1000).unref();
if (db) process.send({ type: 'ready' });
`;
