import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import {
  SHOP_TABLES,
  ensureSampleDatabase,
  generateSampleDatabase,
  plannedSizes,
  type SampleDatabaseStats,
} from './index';

/** sha256 over the schema and every row of every table, in rowid order. */
function contentHash(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string; sql: string }[];
    for (const t of tables) {
      hash.update(t.sql);
      for (const row of db.prepare(`SELECT * FROM ${t.name} ORDER BY rowid`).raw().iterate())
        hash.update(JSON.stringify(row));
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

function rowsOf(stats: SampleDatabaseStats): Record<string, number> {
  return Object.fromEntries(stats.tables.map((t) => [t.table, t.rows]));
}

/** A generation day whose three-year history is exactly 2023-01-01 .. 2025-12-31. */
const HISTORY_TODAY = new Date('2026-01-01T00:00:00Z');

describe('generateSampleDatabase', () => {
  let dir: string;
  let main: string;
  let mainStats: SampleDatabaseStats;
  let small: SampleDatabaseStats;
  let db: Database.Database;
  const scalar = (sql: string): number | string | null => db.prepare(sql).pluck().get() as number | string | null;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-db-'));
    main = path.join(dir, 'nested', 'shop.db');
    mainStats = generateSampleDatabase(main, { today: HISTORY_TODAY }); // default seed 42, scale 1; 2023-01-01 .. 2025-12-31
    small = generateSampleDatabase(path.join(dir, 'small.db'), { seed: 42, scale: 0.2, today: HISTORY_TODAY });
    db = new Database(main, { readonly: true });
  });

  afterAll(() => {
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports every table with the row counts really stored, and defaults to seed 42, scale 1', () => {
    expect(mainStats.path).toBe(path.resolve(main));
    expect(mainStats.seed).toBe(42);
    expect(mainStats.scale).toBe(1);
    expect(mainStats.tables.map((t) => t.table)).toEqual([...SHOP_TABLES]);
    for (const t of mainStats.tables) expect(scalar(`SELECT COUNT(*) FROM ${t.table}`)).toBe(t.rows);
    expect(mainStats.totalRows).toBe(mainStats.tables.reduce((s, t) => s + t.rows, 0));
    expect(mainStats.millis).toBeGreaterThan(0);
    expect(fs.readdirSync(path.dirname(main))).toEqual(['shop.db']); // no temporary file left behind
  });

  it('is deterministic: same seed gives the same content and the same bytes, another seed differs', () => {
    const again = path.join(dir, 'again.db');
    const other = path.join(dir, 'other.db');
    generateSampleDatabase(again, { seed: 42, scale: 1, today: HISTORY_TODAY });
    generateSampleDatabase(other, { seed: 7, scale: 1, today: HISTORY_TODAY });
    expect(contentHash(again)).toBe(contentHash(main));
    expect(fs.readFileSync(again).equals(fs.readFileSync(main))).toBe(true);
    expect(contentHash(other)).not.toBe(contentHash(main));
  });

  it('has about 10^4 order items at scale 1, and rows grow with scale (dimensions slower than facts)', () => {
    const big = rowsOf(mainStats);
    const little = rowsOf(small);
    const planned = plannedSizes(1);
    expect(big.orders).toBe(planned.orders);
    expect(big.customers).toBe(planned.customers);
    expect(big.products).toBe(planned.products);
    expect(big.order_items).toBeGreaterThan(9_000);
    expect(big.order_items).toBeLessThan(11_000);
    expect(Math.max(...Object.values(big))).toBe(big.order_items);
    for (const t of [
      'employees',
      'suppliers',
      'products',
      'customers',
      'orders',
      'order_items',
      'payments',
      'shipments',
      'reviews',
    ]) {
      expect(little[t]).toBeLessThan(big[t]);
    }
    expect(little.order_items / big.order_items).toBeGreaterThan(0.15);
    expect(little.order_items / big.order_items).toBeLessThan(0.25);
    expect(little.customers / big.customers).toBeGreaterThan(0.25); // sub-linear
    expect(little.countries).toBe(big.countries);
    expect(little.categories).toBe(big.categories);
  });

  it('declares foreign keys on at least 8 tables and every foreign key value points to an existing row', () => {
    const withKeys = SHOP_TABLES.filter((t) => db.prepare(`PRAGMA foreign_key_list(${t})`).all().length > 0);
    expect(withKeys.length).toBeGreaterThanOrEqual(8);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // Indexes exist on the foreign-key columns (created after the bulk load).
    for (const [table, column] of [
      ['orders', 'customer_id'],
      ['order_items', 'order_id'],
      ['order_items', 'product_id'],
      ['products', 'category_id'],
    ]) {
      const indexed = (db.prepare(`PRAGMA index_list(${table})`).all() as { name: string }[]).some((ix) =>
        (db.prepare(`PRAGMA index_info(${ix.name})`).all() as { name: string }[]).some((c) => c.name === column),
      );
      expect(indexed).toBe(true);
    }
    expect(scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")).toBe(1); // ANALYZE ran
  });

  it('has NULLs exactly where designed', () => {
    const nulls = (table: string, column: string) =>
      scalar(`SELECT COUNT(*) FROM ${table} WHERE ${column} IS NULL`) as number;
    for (const [table, column] of [
      ['customers', 'phone'],
      ['suppliers', 'phone'],
      ['products', 'discontinued_at'],
      ['orders', 'shipped_at'],
      ['orders', 'delivered_at'],
      ['shipments', 'delivered_at'],
      ['reviews', 'comment'],
    ]) {
      expect(nulls(table, column)).toBeGreaterThan(0);
      expect(nulls(table, column)).toBeLessThan(scalar(`SELECT COUNT(*) FROM ${table}`) as number);
    }
    expect(nulls('employees', 'manager_id')).toBe(1); // only the CEO
    expect(nulls('customers', 'email')).toBe(0);
    // Unshipped orders (pending, processing, cancelled) and only those lack shipped_at; undelivered lack delivered_at.
    expect(
      scalar(
        "SELECT COUNT(*) FROM orders WHERE (shipped_at IS NULL) <> (status IN ('pending', 'processing', 'cancelled'))",
      ),
    ).toBe(0);
    expect(
      scalar("SELECT COUNT(*) FROM orders WHERE (delivered_at IS NULL) <> (status NOT IN ('delivered', 'returned'))"),
    ).toBe(0);
    expect(
      scalar(
        'SELECT COUNT(*) FROM orders o WHERE (shipped_at IS NULL) <> NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.order_id)',
      ),
    ).toBe(0);
    expect(scalar('SELECT COUNT(*) FROM products WHERE discontinued_at IS NOT NULL AND stock_quantity <> 0')).toBe(0);
  });

  it('stores money as REAL with at most 2 decimals, and totals add up', () => {
    const money = [
      ['products', 'unit_price'],
      ['products', 'unit_cost'],
      ['orders', 'total_amount'],
      ['order_items', 'unit_price'],
      ['order_items', 'line_total'],
      ['payments', 'amount'],
      ['shipments', 'shipping_cost'],
      ['employees', 'salary'],
    ];
    for (const [table, column] of money) {
      expect(scalar(`SELECT COUNT(*) FROM ${table} WHERE typeof(${column}) <> 'real'`)).toBe(0);
      expect(scalar(`SELECT COUNT(*) FROM ${table} WHERE abs(${column} * 100 - round(${column} * 100)) > 1e-6`)).toBe(
        0,
      );
      expect(scalar(`SELECT COUNT(*) FROM ${table} WHERE ${column} <= 0`)).toBe(0);
    }
    expect(
      scalar(
        'SELECT COUNT(*) FROM order_items WHERE abs(line_total - quantity * unit_price * (1 - discount)) > 0.0050001',
      ),
    ).toBe(0);
    expect(
      scalar(
        'SELECT COUNT(*) FROM orders o WHERE abs(total_amount - (SELECT SUM(line_total) FROM order_items i WHERE i.order_id = o.order_id)) > 0.005',
      ),
    ).toBe(0);
    expect(
      scalar(
        "SELECT COUNT(*) FROM payments p JOIN orders o USING (order_id) WHERE p.status = 'completed' AND p.amount <> o.total_amount",
      ),
    ).toBe(0);
  });

  it('ends the history the day before today by default, and follows a given today', () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const now = generateSampleDatabase(path.join(dir, 'now.db'), { scale: 0.05 });
    expect(now.historyEnd).toBe(yesterday);
    const shifted = generateSampleDatabase(path.join(dir, 'shifted.db'), {
      scale: 0.05,
      today: new Date('2026-11-24T10:00:00Z'),
    });
    expect([shifted.historyStart, shifted.historyEnd]).toEqual(['2023-11-24', '2026-11-23']);
    const db = new Database(path.join(dir, 'shifted.db'), { readonly: true });
    try {
      const range = db.prepare('SELECT MIN(order_date) AS first, MAX(order_date) AS last FROM orders').get() as {
        first: string;
        last: string;
      };
      expect(range.first >= '2023-11-24').toBe(true);
      expect(range.last <= '2026-11-23 23:59:59').toBe(true);
      expect(range.last >= '2026-10-01').toBe(true);
    } finally {
      db.close();
    }
  });

  it('writes valid ISO dates inside 2023-01-01 .. 2025-12-31, in a consistent order of events', () => {
    const dates = [
      ['customers', 'signup_date'],
      ['employees', 'hire_date'],
      ['products', 'created_at'],
      ['products', 'discontinued_at'],
      ['reviews', 'review_date'],
    ];
    const stamps = [
      ['orders', 'order_date'],
      ['orders', 'shipped_at'],
      ['orders', 'delivered_at'],
      ['payments', 'payment_date'],
      ['shipments', 'shipped_at'],
      ['shipments', 'delivered_at'],
    ];
    for (const [table, column] of dates) {
      // date() normalises (2023-02-30 would become 2023-03-02), so equality proves a real calendar date.
      expect(
        scalar(
          `SELECT COUNT(*) FROM ${table} WHERE ${column} IS NOT NULL AND (date(${column}) IS NOT ${column} OR ${column} NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')`,
        ),
      ).toBe(0);
    }
    for (const [table, column] of stamps) {
      expect(
        scalar(`SELECT COUNT(*) FROM ${table} WHERE ${column} IS NOT NULL AND datetime(${column}) IS NOT ${column}`),
      ).toBe(0);
      expect(
        scalar(
          `SELECT MIN(${column}) >= '2023-01-01 00:00:00' AND MAX(${column}) <= '2025-12-31 23:59:59' FROM ${table}`,
        ),
      ).toBe(1);
    }
    const sampleStamp = scalar('SELECT order_date FROM orders ORDER BY order_id LIMIT 1') as string;
    expect(new Date(`${sampleStamp.replace(' ', 'T')}Z`).toISOString().slice(0, 19)).toBe(
      sampleStamp.replace(' ', 'T'),
    );
    expect(scalar("SELECT MIN(review_date) >= '2023-01-01' AND MAX(review_date) <= '2025-12-31' FROM reviews")).toBe(1);
    expect(scalar('SELECT COUNT(*) FROM orders WHERE shipped_at < order_date OR delivered_at < shipped_at')).toBe(0);
    expect(
      scalar(
        'SELECT COUNT(*) FROM orders o JOIN customers c USING (customer_id) WHERE c.signup_date > date(o.order_date)',
      ),
    ).toBe(0);
    expect(
      scalar(
        'SELECT COUNT(*) FROM orders o JOIN employees e USING (employee_id) WHERE e.hire_date > date(o.order_date)',
      ),
    ).toBe(0);
    expect(
      scalar(
        'SELECT COUNT(*) FROM order_items JOIN orders o USING (order_id) JOIN products p USING (product_id) WHERE p.created_at > date(o.order_date) OR p.discontinued_at <= date(o.order_date)',
      ),
    ).toBe(0);
    expect(
      scalar(
        'SELECT COUNT(*) FROM orders a JOIN orders b ON b.order_id = a.order_id + 1 WHERE b.order_date < a.order_date',
      ),
    ).toBe(0);
  });

  it('has low-cardinality category and status columns and skewed, seasonal sales', () => {
    const distinct = (table: string, column: string) =>
      scalar(`SELECT COUNT(DISTINCT ${column}) FROM ${table}`) as number;
    for (const [table, column, max] of [
      ['customers', 'country', 20],
      ['customers', 'city', 50],
      ['customers', 'segment', 3],
      ['orders', 'status', 6],
      ['orders', 'channel', 4],
      ['payments', 'payment_method', 5],
      ['shipments', 'carrier', 5],
      ['categories', 'name', 10],
    ] as const) {
      expect(distinct(table, column)).toBeGreaterThan(1);
      expect(distinct(table, column)).toBeLessThanOrEqual(max);
    }
    // customers.country agrees with the countries table it references.
    expect(
      scalar('SELECT COUNT(*) FROM customers c JOIN countries k USING (country_id) WHERE c.country <> k.name'),
    ).toBe(0);
    // Seasonality: December sells more per day than February; growth: 2025 has more orders than 2023.
    expect(scalar("SELECT COUNT(*) FROM orders WHERE strftime('%m', order_date) = '12'") as number).toBeGreaterThan(
      1.5 * (scalar("SELECT COUNT(*) FROM orders WHERE strftime('%m', order_date) = '02'") as number),
    );
    expect(scalar("SELECT COUNT(*) FROM orders WHERE order_date LIKE '2025%'") as number).toBeGreaterThan(
      1.3 * (scalar("SELECT COUNT(*) FROM orders WHERE order_date LIKE '2023%'") as number),
    );
    // A few top customers: the top 1% place over 10% of the orders.
    const top = scalar(
      `SELECT SUM(n) FROM (SELECT COUNT(*) AS n FROM orders GROUP BY customer_id ORDER BY n DESC LIMIT ${Math.ceil(mainStats.tables.find((t) => t.table === 'customers')!.rows / 100)})`,
    ) as number;
    expect(top / (scalar('SELECT COUNT(*) FROM orders') as number)).toBeGreaterThan(0.1);
    // Skewed products: the top 10% of products bring over 40% of the revenue.
    const topRevenue = scalar(
      'SELECT SUM(s) FROM (SELECT SUM(line_total) AS s FROM order_items GROUP BY product_id ORDER BY s DESC LIMIT 20)',
    ) as number;
    expect(topRevenue / (scalar('SELECT SUM(line_total) FROM order_items') as number)).toBeGreaterThan(0.4);
  });

  it('rejects a bad scale or seed', () => {
    expect(() => generateSampleDatabase(path.join(dir, 'bad.db'), { scale: 0 })).toThrow(RangeError);
    expect(() => generateSampleDatabase(path.join(dir, 'bad.db'), { scale: Number.NaN })).toThrow(RangeError);
    expect(() => generateSampleDatabase(path.join(dir, 'bad.db'), { seed: 1.5 })).toThrow(RangeError);
    expect(fs.existsSync(path.join(dir, 'bad.db'))).toBe(false);
  });

  it('leaves no half-written file when the final rename fails', () => {
    const target = path.join(dir, 'occupied');
    fs.mkdirSync(path.join(target, 'child'), { recursive: true }); // a non-empty directory cannot be replaced by a file
    expect(() => generateSampleDatabase(target, { scale: 0.05 })).toThrow();
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(fs.readdirSync(target)).toEqual(['child']);
  });
});

describe('ensureSampleDatabase', () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-db-ensure-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates the database when absent and never overwrites an existing file', () => {
    const file = path.join(dir, 'shop.db');
    expect(ensureSampleDatabase(file, { scale: 0.05, seed: 3 })).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) FROM orders').pluck().get()).toBe(plannedSizes(0.05).orders);
    db.close();
    const before = fs.readFileSync(file);
    expect(ensureSampleDatabase(file, { scale: 0.05, seed: 4 })).toBe(false);
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const foreign = path.join(dir, 'not-a-database.db');
    fs.writeFileSync(foreign, 'keep me');
    expect(ensureSampleDatabase(foreign)).toBe(false);
    expect(fs.readFileSync(foreign, 'utf8')).toBe('keep me');
  });
});
