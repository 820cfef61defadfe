import { copyFileSync, existsSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The `shop-cryptic` set (`npm run eval -- --set shop-cryptic`): the shop manager's questions on a copy of the sample
 * shop database whose meaningful columns carry cryptic names (`orders.total_amount` is `orders.f3`), as databases
 * loaded from old systems or CSV exports often do. Its knowledge file (tools/eval/knowledge/shop-cryptic.yaml) holds
 * one `description` definition a renamed column, written as a data dictionary would ("Total amount of the order"),
 * so that running the set with and without it measures what descriptions do for the offline engine
 * (docs/knowledge.md "Descriptions"). Each renamed column's name is unique in the sample schema, so the gold SQL of
 * the shop questions is rewritten by name alone.
 */
export const CRYPTIC_SHOP_COLUMNS: ReadonlyArray<{ table: string; column: string; cryptic: string }> = [
  { table: 'orders', column: 'order_date', cryptic: 'f1' },
  { table: 'orders', column: 'channel', cryptic: 'f2' },
  { table: 'orders', column: 'total_amount', cryptic: 'f3' },
  { table: 'payments', column: 'payment_method', cryptic: 'p1' },
  { table: 'payments', column: 'amount', cryptic: 'p2' },
  { table: 'products', column: 'sku', cryptic: 'q2' },
  { table: 'products', column: 'stock_quantity', cryptic: 'q4' },
  { table: 'products', column: 'unit_cost', cryptic: 'q5' },
  { table: 'employees', column: 'hire_date', cryptic: 'e4' },
  { table: 'employees', column: 'salary', cryptic: 'e5' },
  { table: 'customers', column: 'segment', cryptic: 'c8' },
  { table: 'customers', column: 'signup_date', cryptic: 'c9' },
  { table: 'order_items', column: 'quantity', cryptic: 'i3' },
  { table: 'order_items', column: 'discount', cryptic: 'i5' },
  { table: 'order_items', column: 'line_total', cryptic: 'i6' },
  { table: 'reviews', column: 'rating', cryptic: 'r3' },
  { table: 'shipments', column: 'carrier', cryptic: 's2' },
  { table: 'shipments', column: 'shipping_cost', cryptic: 's4' },
  { table: 'countries', column: 'region', cryptic: 'n4' },
];

/** Gold SQL of the sample schema rewritten for the cryptic copy: every renamed column by its new name (whole words). */
export function crypticGoldSql(sql: string): string {
  let out = sql;
  for (const { column, cryptic } of CRYPTIC_SHOP_COLUMNS)
    out = out.replace(new RegExp(`\\b${column}\\b`, 'g'), cryptic);
  return out;
}

/**
 * The cryptic copy of the shop database `source` (eval-data.ts shopDatabase), made once into the temp directory:
 * `ALTER TABLE ... RENAME COLUMN` for each of CRYPTIC_SHOP_COLUMNS (SQLite 3.25+, which rewrites the indexes and
 * foreign keys that name the column, https://www.sqlite.org/lang_altertable.html).
 */
export function crypticShopDatabase(source: string): string {
  const file = path.join(os.tmpdir(), 'nlq-eval-shop-cryptic-42-2026-01-01.db');
  if (existsSync(file)) return file;
  const partial = `${file}.${process.pid}.tmp`;
  copyFileSync(source, partial);
  const db = new Database(partial);
  try {
    for (const { table, column, cryptic } of CRYPTIC_SHOP_COLUMNS)
      db.exec(`ALTER TABLE ${table} RENAME COLUMN ${column} TO ${cryptic}`);
  } finally {
    db.close();
  }
  renameSync(partial, file);
  return file;
}
