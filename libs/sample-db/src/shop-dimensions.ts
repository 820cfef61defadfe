/**
 * In-memory model of the sample shop's dimension tables (employees, suppliers, products, customers) and of the
 * order timeline, built from a seed and a scale factor. Pure: no I/O, no clock. The writer
 * (sample-db.generator.ts) turns these into rows and derives orders and their children from them.
 */
import {
  DAY_SECONDS,
  HISTORY_DAYS,
  HISTORY_END_DAY,
  HISTORY_START_DAY,
  HISTORY_START_YEAR,
  dayParts,
  epochDay,
} from './calendar';
import { Random, WeightedSampler, weightedPick } from './random';
import {
  CATEGORIES,
  COUNTRIES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PAYMENT_METHODS,
  SEGMENTS,
  SUPPLIER_SUFFIXES,
  SUPPLIER_WORDS,
  TITLES,
} from './word-lists';

/** Row counts planned for a scale factor (facts are drawn, so only their order count is planned here). */
export interface PlannedSizes {
  employees: number;
  suppliers: number;
  products: number;
  customers: number;
  orders: number;
}

/**
 * Sizes for `scale`: orders grow linearly (4,200 at scale 1, about 2.4 items each, so about 10^4 order items);
 * dimension tables grow sub-linearly (customers ~ scale^0.8, products ~ scale^0.5, staff and suppliers ~ scale^0.35).
 */
export function plannedSizes(scale: number): PlannedSizes {
  return {
    employees: Math.max(6, Math.round(20 * Math.pow(scale, 0.35))),
    suppliers: Math.max(5, Math.round(25 * Math.pow(scale, 0.35))),
    products: Math.max(30, Math.round(200 * Math.pow(scale, 0.5))),
    customers: Math.max(50, Math.round(1000 * Math.pow(scale, 0.8))),
    orders: Math.max(100, Math.round(4200 * scale)),
  };
}

/** Money rounded to cents. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Makes strings unique by appending 2, 3, ... before an optional suffix (e.g. an email's `@domain`). */
class UniqueNames {
  private readonly seen = new Map<string, number>();

  make(base: string, suffix = ''): string {
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return n === 1 ? `${base}${suffix}` : `${base}${n}${suffix}`;
  }
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function pickCountryIndex(rng: Random): number {
  return weightedPick(
    rng,
    COUNTRIES.map((c, i) => [i, c.weight] as const),
  );
}

/** Larger cities first: the first city of a country gets the most people. */
function pickCity(rng: Random, countryIndex: number): string {
  const cities = COUNTRIES[countryIndex].cities;
  return weightedPick(
    rng,
    cities.map((c, i) => [c, 1 / Math.sqrt(i + 1)] as const),
  );
}

function phoneNumber(rng: Random, countryIndex: number): string {
  const cc = COUNTRIES[countryIndex].callingCode;
  return `${cc} ${rng.int(200, 989)} ${rng.int(100, 999)} ${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

/** One employee of the sales organisation. `salesWeight` is the relative share of orders credited to them. */
export interface Employee {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  managerId: number | null;
  hireDay: number;
  city: string;
  country: string;
  salary: number;
  salesWeight: number;
}

/** The CEO (id 1), sales managers reporting to the CEO, and (senior) sales representatives reporting to managers. */
export function buildEmployees(seed: number, count: number): Employee[] {
  const rng = Random.fork(seed, 'employees');
  const emails = new UniqueNames();
  const managers = Math.max(2, Math.round(count / 7));
  const result: Employee[] = [];
  for (let id = 1; id <= count; id++) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const countryIndex = id === 1 ? 0 : pickCountryIndex(rng);
    let title: string;
    let managerId: number | null;
    let hireDay: number;
    let salary: number;
    let salesWeight: number;
    if (id === 1) {
      title = TITLES.ceo;
      managerId = null;
      hireDay = epochDay(HISTORY_START_YEAR - 8, 3, 2);
      salary = rng.float(210_000, 260_000);
      salesWeight = 0;
    } else if (id <= managers + 1) {
      title = TITLES.manager;
      managerId = 1;
      hireDay = epochDay(HISTORY_START_YEAR - 7, 1, 1) + rng.int(0, 6 * 365);
      salary = rng.float(95_000, 135_000);
      salesWeight = 0.25;
    } else {
      const senior = rng.chance(0.3);
      title = senior ? TITLES.senior : TITLES.rep;
      managerId = rng.int(2, managers + 1);
      // Most reps were there before the history starts; some join during it (they sell only after their hire date).
      hireDay = rng.chance(0.8)
        ? epochDay(HISTORY_START_YEAR - 6, 1, 1) + rng.int(0, 6 * 365 - 1)
        : HISTORY_START_DAY + rng.int(0, HISTORY_DAYS - 200);
      salary = senior ? rng.float(68_000, 92_000) : rng.float(46_000, 70_000);
      salesWeight = Math.exp(0.6 * rng.normal()) * (senior ? 1.5 : 1);
    }
    result.push({
      id,
      firstName,
      lastName,
      email: emails.make(`${slug(firstName)}.${slug(lastName)}`, '@nlq-shop.example.com'),
      title,
      managerId,
      hireDay,
      city: pickCity(rng, countryIndex),
      country: COUNTRIES[countryIndex].name,
      salary: round2(Math.round(salary / 50) * 50),
      salesWeight,
    });
  }
  return result;
}

/** One supplier of products. */
export interface Supplier {
  id: number;
  name: string;
  contactName: string;
  email: string;
  phone: string | null;
  city: string;
  countryIndex: number;
  /** Relative share of products it supplies. */
  weight: number;
}

/** Suppliers with unique company names from the word lists; about 20% have no phone number on file. */
export function buildSuppliers(seed: number, count: number): Supplier[] {
  const rng = Random.fork(seed, 'suppliers');
  const combos: string[] = [];
  for (const w of SUPPLIER_WORDS) for (const s of SUPPLIER_SUFFIXES) combos.push(`${w} ${s}`);
  rng.shuffle(combos);
  const result: Supplier[] = [];
  for (let id = 1; id <= count; id++) {
    const round = Math.floor((id - 1) / combos.length);
    const name = round === 0 ? combos[id - 1] : `${combos[(id - 1) % combos.length]} ${round + 1}`;
    const countryIndex = pickCountryIndex(rng);
    result.push({
      id,
      name,
      contactName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
      email: `sales@${slug(name)}.com`,
      phone: rng.chance(0.2) ? null : phoneNumber(rng, countryIndex),
      city: pickCity(rng, countryIndex),
      countryIndex,
      weight: Math.min(rng.pareto(1.3), 12),
    });
  }
  return result;
}

/** One product. Days are epoch days; `discontinuedDay` null while still sold. */
export interface Product {
  id: number;
  name: string;
  sku: string;
  /** Index into CATEGORIES (category_id = index + 1). */
  categoryIndex: number;
  supplierId: number;
  unitPrice: number;
  unitCost: number;
  stockQuantity: number;
  createdDay: number;
  discontinuedDay: number | null;
  /** Relative demand: Zipf-like over a random popularity rank, times category demand, damped by price. */
  popularity: number;
  /** Shifts its review ratings, about -1 (poor) .. +0.6 (excellent). */
  quality: number;
}

function shopPrice(rng: Random, min: number, max: number): number {
  // Log-uniform, bent towards cheap items; prices end in .99 (mostly) or .49.
  const raw = Math.exp(Math.log(min) + (Math.log(max) - Math.log(min)) * Math.pow(rng.next(), 1.5));
  const whole = Math.max(1, Math.floor(raw));
  return round2(whole + (rng.chance(0.8) ? 0.99 : 0.49));
}

/**
 * Products spread evenly over the 10 categories; names `<brand> <type> <variant>`, unique; about 10% are
 * discontinued during the history (stock 0); some launch during it. Popularity follows a Zipf law (exponent 0.8)
 * over a random rank, damped by price^0.2, so a few products dominate sales.
 */
export function buildProducts(seed: number, count: number, suppliers: Supplier[]): Product[] {
  const rng = Random.fork(seed, 'products');
  const supplierSampler = new WeightedSampler(suppliers.map((s) => s.weight));
  const categoryOf: number[] = [];
  for (let i = 0; i < count; i++) categoryOf.push(i % CATEGORIES.length);
  rng.shuffle(categoryOf);
  const ranks = rng.shuffle(Array.from({ length: count }, (_, i) => i));
  const usedNames = new Set<string>();
  const skuNumbers = new Map<number, number>();
  const result: Product[] = [];
  for (let i = 0; i < count; i++) {
    const categoryIndex = categoryOf[i];
    const cat = CATEGORIES[categoryIndex];
    let name = '';
    let type = cat.types[0];
    for (let attempt = 0; attempt < 40; attempt++) {
      type = rng.pick(cat.types);
      name = `${rng.pick(cat.brands)} ${type[0]} ${rng.pick(cat.variants)}`;
      if (!usedNames.has(name)) break;
    }
    if (usedNames.has(name)) {
      let n = 2;
      while (usedNames.has(`${name} ${n}`)) n++;
      name = `${name} ${n}`;
    }
    usedNames.add(name);
    const skuNumber = (skuNumbers.get(categoryIndex) ?? 0) + 1;
    skuNumbers.set(categoryIndex, skuNumber);
    const unitPrice = shopPrice(rng, type[1], type[2]);
    const unitCost = Math.max(0.5, round2(unitPrice * rng.float(0.35, 0.7)));
    const createdDay = rng.chance(0.82)
      ? epochDay(HISTORY_START_YEAR - 3, 1, 1) + rng.int(0, 3 * 365)
      : HISTORY_START_DAY + rng.int(0, HISTORY_DAYS - 90);
    let discontinuedDay: number | null = null;
    if (rng.chance(0.1)) {
      const earliest = Math.max(createdDay + 180, HISTORY_START_DAY + 60);
      const latest = HISTORY_END_DAY - 14;
      if (earliest < latest) discontinuedDay = rng.int(earliest, latest);
    }
    const stockQuantity =
      discontinuedDay !== null || rng.chance(0.07) ? 0 : Math.round(5 + 400 * Math.pow(rng.next(), 1.5));
    result.push({
      id: i + 1,
      name,
      sku: `${cat.name.slice(0, 3).toUpperCase()}-${String(skuNumber).padStart(5, '0')}`,
      categoryIndex,
      supplierId: suppliers[supplierSampler.draw(rng)].id,
      unitPrice,
      unitCost,
      stockQuantity,
      createdDay,
      discontinuedDay,
      popularity: cat.demand / Math.pow(ranks[i] + 1, 0.8) / Math.pow(unitPrice, 0.2),
      quality: Math.max(-1, Math.min(0.6, 0.45 * rng.normal())),
    });
  }
  return result;
}

/** Relative order volume of a day: yearly growth, month seasonality, weekday pattern and sales events. */
export function dayWeight(day: number): number {
  const { month, dayOfMonth, weekday } = dayParts(day);
  const monthFactor = [0.8, 0.72, 0.85, 0.88, 0.92, 0.9, 0.95, 0.9, 0.95, 1.05, 1.45, 1.7][month - 1];
  const weekdayFactor = [1.15, 0.95, 0.95, 0.97, 1.0, 1.05, 1.2][weekday];
  const growth = Math.pow(1.25, (day - HISTORY_START_DAY) / 365);
  let event = 1;
  if (month === 11 && weekday === 5 && dayOfMonth >= 23 && dayOfMonth <= 29) event = 3.2; // Black Friday
  if (((month === 11 && dayOfMonth >= 26) || (month === 12 && dayOfMonth <= 2)) && weekday === 1) event = 2.5; // Cyber Monday
  if (month === 7 && (dayOfMonth === 11 || dayOfMonth === 12)) event = 1.8; // summer sale
  if (month === 12 && dayOfMonth >= 24 && dayOfMonth <= 26) event = 0.55;
  if (month === 1 && dayOfMonth === 1) event = 0.5;
  return monthFactor * weekdayFactor * growth * event;
}

/** Relative order volume of each hour of the day (UTC), low at night, peaking in the evening. */
const HOUR_WEIGHTS = [
  0.6, 0.35, 0.2, 0.15, 0.15, 0.25, 0.5, 0.9, 1.2, 1.4, 1.5, 1.6, 1.7, 1.6, 1.5, 1.5, 1.6, 1.8, 2.0, 2.3, 2.5, 2.3, 1.7,
  1.1,
];

/**
 * Order times (whole seconds since the epoch), ascending, drawn from {@link dayWeight} and the hour profile, so
 * order ids follow order dates.
 */
export function buildOrderTimeline(seed: number, count: number): Float64Array {
  const rng = Random.fork(seed, 'order-timeline');
  const days = new WeightedSampler(Array.from({ length: HISTORY_DAYS }, (_, d) => dayWeight(HISTORY_START_DAY + d)));
  const hours = new WeightedSampler(HOUR_WEIGHTS);
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const day = HISTORY_START_DAY + days.draw(rng);
    times[i] = day * DAY_SECONDS + hours.draw(rng) * 3600 + rng.int(0, 3599);
  }
  times.sort();
  return times;
}

/** One customer. Ids ascend with the signup date. */
export interface Customer {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  city: string;
  countryIndex: number;
  /** Index into SEGMENTS. */
  segmentIndex: number;
  signupDay: number;
  /** Payment method the customer uses most of the time. */
  preferredPaymentMethod: string;
}

/** Customers and, for each order of the timeline, its customer id. */
export interface CustomerModel {
  customers: Customer[];
  /** customer_id of each order, aligned with the order timeline. */
  orderCustomerIds: Int32Array;
}

/**
 * Customers with Pareto-distributed buying frequency (shape 1.2, capped, times a segment factor), so a few
 * customers, mostly Corporate, place many orders and many place one or none. A buyer signs up up to 120 days
 * before their first order; the others sign up any time from mid-2021. About 30% have no phone on file.
 */
export function buildCustomers(seed: number, count: number, orderTimes: Float64Array): CustomerModel {
  const rng = Random.fork(seed, 'customers');
  const segmentIndexes: number[] = [];
  const weights = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const segmentIndex = weightedPick(
      rng,
      SEGMENTS.map((s, k) => [k, s.share] as const),
    );
    segmentIndexes.push(segmentIndex);
    weights[i] = Math.min(rng.pareto(1.2), 40) * SEGMENTS[segmentIndex].orderFactor;
  }
  const sampler = new WeightedSampler(weights);
  const drawn = new Int32Array(orderTimes.length);
  const firstOrderDay = new Float64Array(count).fill(Infinity);
  for (let i = 0; i < orderTimes.length; i++) {
    const c = sampler.draw(rng);
    drawn[i] = c;
    const day = Math.floor(orderTimes[i] / DAY_SECONDS);
    if (day < firstOrderDay[c]) firstOrderDay[c] = day;
  }
  const signupDays = new Float64Array(count);
  const earliestSignup = epochDay(HISTORY_START_YEAR - 2, 6, 1);
  for (let i = 0; i < count; i++) {
    signupDays[i] = Number.isFinite(firstOrderDay[i])
      ? Math.max(earliestSignup, firstOrderDay[i] - rng.int(0, 120))
      : earliestSignup + rng.int(0, HISTORY_END_DAY - earliestSignup);
  }
  // Renumber so customer_id ascends with signup date (ties keep draw order).
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => signupDays[a] - signupDays[b] || a - b);
  const idOf = new Int32Array(count);
  order.forEach((original, position) => (idOf[original] = position + 1));

  const emails = new UniqueNames();
  const customers: Customer[] = order.map((original, position) => {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const countryIndex = pickCountryIndex(rng);
    const domain = rng.pick(EMAIL_DOMAINS);
    return {
      id: position + 1,
      firstName,
      lastName,
      email: emails.make(`${slug(firstName)}.${slug(lastName)}`, `@${domain}`),
      phone: rng.chance(0.3) ? null : phoneNumber(rng, countryIndex),
      city: pickCity(rng, countryIndex),
      countryIndex,
      segmentIndex: segmentIndexes[original],
      signupDay: signupDays[original],
      preferredPaymentMethod: weightedPick(rng, PAYMENT_METHODS),
    };
  });
  const orderCustomerIds = new Int32Array(orderTimes.length);
  for (let i = 0; i < drawn.length; i++) orderCustomerIds[i] = idOf[drawn[i]];
  return { customers, orderCustomerIds };
}
