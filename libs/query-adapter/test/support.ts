import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The error shape of every non-2xx answer (docs/architecture.md "Errors"). */
export const ERROR_SHAPE = {
  statusCode: expect.any(Number),
  code: expect.any(String),
  message: expect.any(String),
  requestId: expect.any(String),
};

/** A fresh temporary DATA_DIR; the api generates the sample shop database in it on first start. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'nlq-adapter-test-'));
}

/** Number of customers in the sample database `dataDir/shop.db`. */
export function countCustomers(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'shop.db'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM customers').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The answer text with thousands separators removed ("1,000" -> "1000"). */
export function plainNumbers(text: string): string {
  return text.replace(/(\d),(?=\d{3}\b)/g, '$1');
}

/** fetch + JSON: status, parsed body (text when not JSON) and headers (the server's test helper). */
export { call } from '@nlq/server/testing';
