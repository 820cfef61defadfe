/**
 * DDL of the sample shop database (SQLite). Names follow the house convention the offline question engine relies
 * on: snake_case plural tables, `<singular>_id` keys, readable column names. Dates are ISO-8601 text declared as
 * DATE (`YYYY-MM-DD`) or DATETIME (`YYYY-MM-DD HH:MM:SS`); such text keeps TEXT storage under SQLite's NUMERIC
 * affinity because it is not a well-formed number (https://sqlite.org/datatype3.html section 3). Money is REAL
 * rounded to 2 decimals, in US dollars.
 */

/** Tables in creation (and insertion) order: parents before children. */
export const SHOP_TABLES = [
  'countries',
  'categories',
  'employees',
  'suppliers',
  'products',
  'customers',
  'orders',
  'order_items',
  'payments',
  'shipments',
  'reviews',
] as const;

/** Name of one table of the sample shop. */
export type ShopTable = (typeof SHOP_TABLES)[number];

/** CREATE TABLE statements, one per table, in {@link SHOP_TABLES} order. */
export const SHOP_DDL: readonly string[] = [
  `CREATE TABLE countries (
  country_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  iso_code TEXT NOT NULL UNIQUE,
  region TEXT NOT NULL
)`,
  `CREATE TABLE categories (
  category_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL
)`,
  `CREATE TABLE employees (
  employee_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  manager_id INTEGER REFERENCES employees (employee_id),
  hire_date DATE NOT NULL,
  city TEXT NOT NULL,
  country TEXT NOT NULL,
  salary REAL NOT NULL
)`,
  `CREATE TABLE suppliers (
  supplier_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  contact_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  city TEXT NOT NULL,
  country TEXT NOT NULL,
  country_id INTEGER NOT NULL REFERENCES countries (country_id)
)`,
  `CREATE TABLE products (
  product_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sku TEXT NOT NULL UNIQUE,
  category_id INTEGER NOT NULL REFERENCES categories (category_id),
  supplier_id INTEGER NOT NULL REFERENCES suppliers (supplier_id),
  unit_price REAL NOT NULL CHECK (unit_price > 0),
  unit_cost REAL NOT NULL CHECK (unit_cost > 0),
  stock_quantity INTEGER NOT NULL CHECK (stock_quantity >= 0),
  created_at DATE NOT NULL,
  discontinued_at DATE
)`,
  `CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  phone TEXT,
  city TEXT NOT NULL,
  country TEXT NOT NULL,
  country_id INTEGER NOT NULL REFERENCES countries (country_id),
  segment TEXT NOT NULL,
  signup_date DATE NOT NULL
)`,
  `CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
  employee_id INTEGER NOT NULL REFERENCES employees (employee_id),
  order_date DATETIME NOT NULL,
  status TEXT NOT NULL,
  channel TEXT NOT NULL,
  total_amount REAL NOT NULL,
  shipped_at DATETIME,
  delivered_at DATETIME
)`,
  `CREATE TABLE order_items (
  order_item_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (order_id),
  product_id INTEGER NOT NULL REFERENCES products (product_id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price REAL NOT NULL,
  discount REAL NOT NULL DEFAULT 0,
  line_total REAL NOT NULL
)`,
  `CREATE TABLE payments (
  payment_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (order_id),
  payment_date DATETIME NOT NULL,
  payment_method TEXT NOT NULL,
  amount REAL NOT NULL,
  status TEXT NOT NULL
)`,
  `CREATE TABLE shipments (
  shipment_id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (order_id),
  carrier TEXT NOT NULL,
  tracking_number TEXT NOT NULL UNIQUE,
  shipping_cost REAL NOT NULL,
  shipped_at DATETIME NOT NULL,
  delivered_at DATETIME
)`,
  `CREATE TABLE reviews (
  review_id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (product_id),
  customer_id INTEGER NOT NULL REFERENCES customers (customer_id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  comment TEXT,
  review_date DATE NOT NULL
)`,
];

/**
 * Indexes created after the bulk insert (cheaper than maintaining them row by row): every foreign-key column,
 * plus the order date that most questions filter on.
 */
export const SHOP_INDEXES: readonly string[] = [
  'CREATE INDEX idx_employees_manager_id ON employees (manager_id)',
  'CREATE INDEX idx_suppliers_country_id ON suppliers (country_id)',
  'CREATE INDEX idx_products_category_id ON products (category_id)',
  'CREATE INDEX idx_products_supplier_id ON products (supplier_id)',
  'CREATE INDEX idx_customers_country_id ON customers (country_id)',
  'CREATE INDEX idx_orders_customer_id ON orders (customer_id)',
  'CREATE INDEX idx_orders_employee_id ON orders (employee_id)',
  'CREATE INDEX idx_orders_order_date ON orders (order_date)',
  'CREATE INDEX idx_order_items_order_id ON order_items (order_id)',
  'CREATE INDEX idx_order_items_product_id ON order_items (product_id)',
  'CREATE INDEX idx_payments_order_id ON payments (order_id)',
  'CREATE INDEX idx_shipments_order_id ON shipments (order_id)',
  'CREATE INDEX idx_reviews_product_id ON reviews (product_id)',
  'CREATE INDEX idx_reviews_customer_id ON reviews (customer_id)',
];
