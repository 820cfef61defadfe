/**
 * Writes the sample shop database: a deterministic, realistic SQLite file of an online shop (11 tables, see
 * shop-schema.ts) from a seed, a scale factor and a day: dates lie in the three years before `today` (default the
 * clock's day). Same seed, scale and `today` give the same rows, byte for byte.
 *
 * Speed: one prepared statement a table, inserts inside transactions with journal_mode OFF and synchronous OFF
 * (https://sqlite.org/pragma.html), indexes created after the bulk insert, then ANALYZE. The file is written
 * under a temporary name beside the target and renamed at the end, so a crash never leaves a half-written database.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import {
  DAY_SECONDS,
  HISTORY_DAYS,
  HISTORY_END_DAY,
  HISTORY_END_SECOND,
  HISTORY_START_DAY,
  dayParts,
  formatDay,
  formatTimestamp,
  setHistoryWindow,
} from './calendar';
import { Random, WeightedSampler, weightedPick } from './random';
import {
  Customer,
  Employee,
  Product,
  buildCustomers,
  buildEmployees,
  buildOrderTimeline,
  buildProducts,
  buildSuppliers,
  plannedSizes,
  round2,
} from './shop-dimensions';
import { SHOP_DDL, SHOP_INDEXES, SHOP_TABLES } from './shop-schema';
import {
  CARRIERS,
  CATEGORIES,
  CHANNELS,
  COUNTRIES,
  PAYMENT_METHODS,
  REVIEW_COMMENTS,
  REVIEW_TITLES,
  SEGMENTS,
} from './word-lists';

/** Options of {@link generateSampleDatabase}. */
export interface SampleDatabaseOptions {
  /** PRNG seed (its low 32 bits are used). Default 42. */
  seed?: number;
  /**
   * Size factor, > 0 and <= 1000. Default 1: about 10^4 order items; rows of fact tables grow linearly, dimension
   * tables sub-linearly (scale 100: about 10^6 order items).
   */
  scale?: number;
  /**
   * The day the history ends before: dates run over the three years up to the day before it (UTC). Default the
   * clock's today, so "last month" has orders on first start; same seed, scale and `today` give the same bytes.
   */
  today?: Date;
}

/** Row count of one table. */
export interface TableRowCount {
  table: string;
  rows: number;
}

/** What {@link generateSampleDatabase} wrote. */
export interface SampleDatabaseStats {
  /** Absolute path of the database file. */
  path: string;
  seed: number;
  scale: number;
  /** First and last day of the order history, `YYYY-MM-DD`. */
  historyStart: string;
  historyEnd: string;
  /** Every table with its row count, parents first. */
  tables: TableRowCount[];
  totalRows: number;
  /** Wall-clock milliseconds the generation took. */
  millis: number;
}

/** Default seed and scale. */
export const SAMPLE_DB_DEFAULTS = { seed: 42, scale: 1 } as const;

function resolveOptions(options: SampleDatabaseOptions | undefined): { seed: number; scale: number } {
  const seed = options?.seed ?? SAMPLE_DB_DEFAULTS.seed;
  const scale = options?.scale ?? SAMPLE_DB_DEFAULTS.scale;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
    throw new RangeError(`scale must be a number in (0, 1000], got ${scale}`);
  }
  return { seed, scale };
}

/**
 * Generates the sample shop database at `file` (parent folders are created; an existing file is replaced
 * atomically at the end). Synchronous; takes about 0.5 s at scale 1 and well under a minute at scale 100.
 *
 * @throws RangeError for a non-integer seed or a scale outside (0, 1000]; SQLite or file-system errors as thrown
 *   by better-sqlite3 / node:fs (the temporary file is removed first).
 */
export function generateSampleDatabase(file: string, options?: SampleDatabaseOptions): SampleDatabaseStats {
  const started = performance.now();
  const { seed, scale } = resolveOptions(options);
  const { startDay, endDay } = setHistoryWindow(options?.today ?? new Date());
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}`;
  fs.rmSync(temporary, { force: true });
  const db = new Database(temporary);
  let tables: TableRowCount[];
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('temp_store = MEMORY');
    db.pragma('cache_size = -65536');
    db.exec(SHOP_DDL.join(';\n'));
    writeShop(db, seed, scale);
    db.exec(SHOP_INDEXES.join(';\n'));
    db.exec('ANALYZE');
    tables = SHOP_TABLES.map((table) => ({
      table,
      rows: (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
    }));
    db.close();
    fs.renameSync(temporary, target);
  } catch (error) {
    if (db.open) db.close();
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  return {
    path: target,
    seed,
    scale,
    historyStart: formatDay(startDay),
    historyEnd: formatDay(endDay),
    tables,
    totalRows: tables.reduce((sum, t) => sum + t.rows, 0),
    millis: Math.round(performance.now() - started),
  };
}

/**
 * Generates the sample database at `file` only when no file exists there. Returns true when it created it, false
 * when a file was already present (that file is left untouched). Same options and errors as
 * {@link generateSampleDatabase}.
 */
export function ensureSampleDatabase(file: string, options?: SampleDatabaseOptions): boolean {
  if (fs.existsSync(file)) return false;
  generateSampleDatabase(file, options);
  return true;
}

/** Inserts every row; parents before children (foreign keys hold even though enforcement is off while loading). */
function writeShop(db: Database.Database, seed: number, scale: number): void {
  const sizes = plannedSizes(scale);
  const employees = buildEmployees(seed, sizes.employees);
  const suppliers = buildSuppliers(seed, sizes.suppliers);
  const products = buildProducts(seed, sizes.products, suppliers);
  const orderTimes = buildOrderTimeline(seed, sizes.orders);
  const { customers, orderCustomerIds } = buildCustomers(seed, sizes.customers, orderTimes);

  db.transaction(() => {
    const country = db.prepare('INSERT INTO countries VALUES (?, ?, ?, ?)');
    COUNTRIES.forEach((c, i) => country.run(i + 1, c.name, c.isoCode, c.region));
    const category = db.prepare('INSERT INTO categories VALUES (?, ?, ?)');
    CATEGORIES.forEach((c, i) => category.run(i + 1, c.name, c.description));
    const employee = db.prepare('INSERT INTO employees VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const e of employees) {
      employee.run(
        e.id,
        e.firstName,
        e.lastName,
        e.email,
        e.title,
        e.managerId,
        formatDay(e.hireDay),
        e.city,
        e.country,
        e.salary,
      );
    }
    const supplier = db.prepare('INSERT INTO suppliers VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    for (const s of suppliers) {
      supplier.run(
        s.id,
        s.name,
        s.contactName,
        s.email,
        s.phone,
        s.city,
        COUNTRIES[s.countryIndex].name,
        s.countryIndex + 1,
      );
    }
    const product = db.prepare('INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const p of products) {
      product.run(
        p.id,
        p.name,
        p.sku,
        p.categoryIndex + 1,
        p.supplierId,
        p.unitPrice,
        p.unitCost,
        p.stockQuantity,
        formatDay(p.createdDay),
        p.discontinuedDay === null ? null : formatDay(p.discontinuedDay),
      );
    }
    const customer = db.prepare('INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    for (const c of customers) {
      customer.run(
        c.id,
        c.firstName,
        c.lastName,
        c.email,
        c.phone,
        c.city,
        COUNTRIES[c.countryIndex].name,
        c.countryIndex + 1,
        SEGMENTS[c.segmentIndex].name,
        formatDay(c.signupDay),
      );
    }
  })();

  db.transaction(() => writeOrders(db, seed, employees, products, customers, orderTimes, orderCustomerIds))();
}

/** Discount percentages with weights: normal days, and the Black Friday to early December sale season. */
const DISCOUNTS: readonly (readonly [number, number])[] = [
  [0, 76],
  [5, 8],
  [10, 9],
  [15, 4],
  [20, 3],
];
const SALE_DISCOUNTS: readonly (readonly [number, number])[] = [
  [0, 40],
  [10, 25],
  [20, 20],
  [25, 10],
  [30, 5],
];

function inSaleSeason(day: number): boolean {
  const { month, dayOfMonth } = dayParts(day);
  return (month === 11 && dayOfMonth >= 20) || (month === 12 && dayOfMonth <= 3);
}

interface PendingReview {
  productId: number;
  customerId: number;
  rating: number;
  title: string;
  comment: string | null;
  day: number;
}

/** One order line: the product, quantity, discount (a fraction) and its total in cents and in currency units. */
interface OrderLine {
  p: Product;
  quantity: number;
  discount: number;
  cents: number;
  lineTotal: number;
}

/** An order's status and the seconds it shipped and was delivered (null: not yet or never). */
interface Fulfilment {
  status: string;
  shippedSecond: number | null;
  deliveredSecond: number | null;
}

/** Carriers serving one region with their weights (the first listed most often). */
type RegionCarriers = readonly (readonly [(typeof CARRIERS)[number], number])[];

/** What writeOrders writes each order with: the random stream, the samplers, the statements and the running ids. */
interface OrderWriter {
  rng: Random;
  employees: Employee[];
  products: Product[];
  employeeSampler: WeightedSampler;
  productSampler: WeightedSampler;
  insertOrder: Database.Statement;
  insertItem: Database.Statement;
  insertPayment: Database.Statement;
  insertShipment: Database.Statement;
  /** Whether each history day (from HISTORY_START_DAY) is in the sale season. */
  saleSeason: boolean[];
  carriersByRegion: Map<string, RegionCarriers>;
  trackingNumbers: Set<string>;
  reviews: PendingReview[];
  itemId: number;
  paymentId: number;
  shipmentId: number;
}

/**
 * Orders in time order with their items, payments, shipments and (afterwards, in date order) reviews. Status
 * follows the order's age at the end of the history: old orders are delivered (about 4.5% returned, 3.5%
 * cancelled), the last days hold pending, processing and shipped orders.
 */
function writeOrders(
  db: Database.Database,
  seed: number,
  employees: Employee[],
  products: Product[],
  customers: Customer[],
  orderTimes: Float64Array,
  orderCustomerIds: Int32Array,
): void {
  const carriersByRegion = new Map<string, RegionCarriers>();
  for (const region of new Set(COUNTRIES.map((c) => c.region))) {
    carriersByRegion.set(
      region,
      CARRIERS.filter((c) => c.regions.includes(region)).map((c, k) => [c, 1 / (k + 1)] as const),
    );
  }
  const w: OrderWriter = {
    rng: Random.fork(seed, 'orders'),
    employees,
    products,
    employeeSampler: new WeightedSampler(employees.map((e) => e.salesWeight)),
    productSampler: new WeightedSampler(products.map((p) => p.popularity)),
    insertOrder: db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    insertItem: db.prepare('INSERT INTO order_items VALUES (?, ?, ?, ?, ?, ?, ?)'),
    insertPayment: db.prepare('INSERT INTO payments VALUES (?, ?, ?, ?, ?, ?)'),
    insertShipment: db.prepare('INSERT INTO shipments VALUES (?, ?, ?, ?, ?, ?, ?)'),
    saleSeason: Array.from({ length: HISTORY_DAYS }, (_, d) => inSaleSeason(HISTORY_START_DAY + d)),
    carriersByRegion,
    trackingNumbers: new Set<string>(),
    reviews: [],
    itemId: 0,
    paymentId: 0,
    shipmentId: 0,
  };
  for (let i = 0; i < orderTimes.length; i++) writeOrder(w, i + 1, orderTimes[i], customers[orderCustomerIds[i] - 1]);

  // Reviews in date order (stable for equal days), so review_id ascends with review_date.
  const ordered = w.reviews.map((r, k) => ({ r, k })).sort((a, b) => a.r.day - b.r.day || a.k - b.k);
  const insertReview = db.prepare('INSERT INTO reviews VALUES (?, ?, ?, ?, ?, ?, ?)');
  ordered.forEach(({ r }, k) =>
    insertReview.run(k + 1, r.productId, r.customerId, r.rating, r.title, r.comment, formatDay(r.day)),
  );
}

/**
 * Order `orderId` of `customer` at `orderSecond`: its employee (hired by then), channel, lines, fulfilment,
 * payments and shipment, and the reviews of its delivered lines (kept for writeOrders to write in date order).
 */
function writeOrder(w: OrderWriter, orderId: number, orderSecond: number, customer: Customer): void {
  const { rng, employees } = w;
  const day = Math.floor(orderSecond / DAY_SECONDS);
  const region = COUNTRIES[customer.countryIndex].region;

  let employee = employees[w.employeeSampler.draw(rng)];
  for (let attempt = 0; attempt < 30 && employee.hireDay > day; attempt++)
    employee = employees[w.employeeSampler.draw(rng)];
  if (employee.hireDay > day) employee = employees.find((e) => e.salesWeight > 0 && e.hireDay <= day) ?? employees[0];
  const channel = weightedPick(rng, CHANNELS);
  const lines = orderLines(w, day, SEGMENTS[customer.segmentIndex]);
  const total = lines.reduce((sum, l) => sum + l.cents, 0) / 100;
  const { status, shippedSecond, deliveredSecond } = fulfilment(rng, orderSecond, region);
  w.insertOrder.run(
    orderId,
    customer.id,
    employee.id,
    formatTimestamp(orderSecond),
    status,
    channel,
    total,
    shippedSecond === null ? null : formatTimestamp(shippedSecond),
    deliveredSecond === null ? null : formatTimestamp(deliveredSecond),
  );
  for (const l of lines)
    w.insertItem.run(++w.itemId, orderId, l.p.id, l.quantity, l.p.unitPrice, l.discount, l.lineTotal);
  writePayments(w, orderId, orderSecond, customer, status, total);
  if (shippedSecond !== null) writeShipment(w, orderId, region, lines, formatTimestamp(shippedSecond), deliveredSecond);
  if (deliveredSecond !== null) collectReviews(w, customer, lines, status, deliveredSecond);
}

/**
 * The lines of an order on `day`: distinct products on sale that day (popular ones far more often), quantities by
 * price and the customer's segment, and discounts (more and larger in the sale season).
 */
function orderLines(w: OrderWriter, day: number, segment: (typeof SEGMENTS)[number]): OrderLine[] {
  const { rng, products } = w;
  const available = (p: Product) => p.createdDay <= day && (p.discontinuedDay === null || p.discontinuedDay > day);
  const itemCount = 1 + Math.min(rng.geometric(0.42), 9);
  const chosen: Product[] = [];
  for (let k = 0; k < itemCount; k++) {
    for (let attempt = 0; attempt < 30; attempt++) {
      const p = products[w.productSampler.draw(rng)];
      if (available(p) && !chosen.includes(p)) {
        chosen.push(p);
        break;
      }
    }
  }
  if (chosen.length === 0) chosen.push(products.find((p) => available(p)) ?? products[0]);
  const discounts = w.saleSeason[day - HISTORY_START_DAY] ? SALE_DISCOUNTS : DISCOUNTS;
  return chosen.map((p) => {
    let quantity = 1 + rng.geometric(0.72);
    if (segment.quantityFactor > 1 && rng.chance(0.5))
      quantity = Math.max(1, Math.round(quantity * segment.quantityFactor * rng.float(0.6, 1.4)));
    if (p.unitPrice > 200) quantity = Math.min(quantity, 3);
    if (p.unitPrice < 20 && rng.chance(0.3)) quantity += rng.int(1, 3);
    if (p.unitPrice > 500 && segment.quantityFactor === 1) quantity = 1;
    const discountPercent = weightedPick(rng, discounts);
    // Integer cents, rounded half up once: line_total = quantity * unit_price * (1 - discount), to the cent.
    const cents = Math.round((Math.round(p.unitPrice * 100) * quantity * (100 - discountPercent)) / 100);
    return { p, quantity, discount: discountPercent / 100, cents, lineTotal: cents / 100 };
  });
}

/**
 * Fulfilment timeline of an order placed at `orderSecond` in `region`, cut at the end of the history: cancelled
 * (3.5%), pending or processing before it ships, shipped before delivery, else delivered (4.5% returned).
 */
function fulfilment(rng: Random, orderSecond: number, region: string): Fulfilment {
  if (rng.chance(0.035)) return { status: 'cancelled', shippedSecond: null, deliveredSecond: null };
  const ship = orderSecond + rng.int(2 * 3600, 3 * DAY_SECONDS);
  const deliver =
    ship + rng.int(1, region === 'North America' || region === 'Europe' ? 4 : 8) * DAY_SECONDS + rng.int(0, 36_000);
  if (ship > HISTORY_END_SECOND)
    return { status: rng.chance(0.35) ? 'pending' : 'processing', shippedSecond: null, deliveredSecond: null };
  if (deliver > HISTORY_END_SECOND) return { status: 'shipped', shippedSecond: ship, deliveredSecond: null };
  return { status: rng.chance(0.045) ? 'returned' : 'delivered', shippedSecond: ship, deliveredSecond: deliver };
}

/**
 * Payments of an order: none while pending; a cancelled order was either never paid or refunded; ~3% first fail.
 * A returned order's payment is refunded.
 */
function writePayments(
  w: OrderWriter,
  orderId: number,
  orderSecond: number,
  customer: Customer,
  status: string,
  total: number,
): void {
  const { rng } = w;
  const method = rng.chance(0.8) ? customer.preferredPaymentMethod : weightedPick(rng, PAYMENT_METHODS);
  const paidSecond = Math.min(HISTORY_END_SECOND, orderSecond + rng.int(5, 900));
  if (status === 'pending' || (status === 'cancelled' && rng.chance(0.5))) return;
  if (rng.chance(0.03)) {
    w.insertPayment.run(
      ++w.paymentId,
      orderId,
      formatTimestamp(Math.max(orderSecond, paidSecond - 60)),
      weightedPick(rng, PAYMENT_METHODS),
      total,
      'failed',
    );
  }
  const paymentStatus = status === 'cancelled' || status === 'returned' ? 'refunded' : 'completed';
  w.insertPayment.run(++w.paymentId, orderId, formatTimestamp(paidSecond), method, total, paymentStatus);
}

/**
 * The shipment of an order shipped at `shipped` (a timestamp): a carrier serving `region`, a tracking number
 * never used before, and a cost by carrier, units (up to 20) and region.
 */
function writeShipment(
  w: OrderWriter,
  orderId: number,
  region: string,
  lines: OrderLine[],
  shipped: string,
  deliveredSecond: number | null,
): void {
  const { rng } = w;
  const carrier = weightedPick(rng, w.carriersByRegion.get(region) ?? []);
  let tracking: string;
  do {
    tracking =
      carrier.trackingPrefix +
      String(rng.int(0, 999_999)).padStart(6, '0') +
      String(rng.int(0, 999_999)).padStart(6, '0');
  } while (w.trackingNumbers.has(tracking));
  w.trackingNumbers.add(tracking);
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const cost = round2(
    carrier.baseCost + 0.85 * Math.min(units, 20) + (region === 'North America' || region === 'Europe' ? 0 : 6.5),
  );
  w.insertShipment.run(
    ++w.shipmentId,
    orderId,
    carrier.name,
    tracking,
    cost,
    shipped,
    deliveredSecond === null ? null : formatTimestamp(deliveredSecond),
  );
}

/**
 * Reviews of a delivered order's lines (12% of lines, half of a returned order's), written 1 to 30 days after
 * delivery within the history, rated by the product's quality (lower when returned).
 */
function collectReviews(
  w: OrderWriter,
  customer: Customer,
  lines: OrderLine[],
  status: string,
  deliveredSecond: number,
): void {
  const { rng } = w;
  const deliveredDay = Math.floor(deliveredSecond / DAY_SECONDS);
  for (const l of lines) {
    if (!rng.chance(status === 'returned' ? 0.5 : 0.12)) continue;
    const reviewDay = deliveredDay + rng.int(1, 30);
    if (reviewDay > HISTORY_END_DAY) continue;
    const score = 4.1 + l.p.quality + 1.1 * rng.normal() - (status === 'returned' ? 2.2 : 0);
    const rating = Math.max(1, Math.min(5, Math.round(score)));
    w.reviews.push({
      productId: l.p.id,
      customerId: customer.id,
      rating,
      title: rng.pick(REVIEW_TITLES[rating - 1]),
      comment: rng.chance(0.45) ? null : rng.pick(REVIEW_COMMENTS[rating - 1]),
      day: reviewDay,
    });
  }
}
