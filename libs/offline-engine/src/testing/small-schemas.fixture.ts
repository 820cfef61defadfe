import type { ColumnSchema, DatabaseSchema, TableSchema } from '@nlq/contracts';

/**
 * Test fixtures: small hand-written schemas for the question shapes (listed columns, "or", counted
 * relations, several aggregates, value ambiguity): battles, documents and templates, airlines and flights, stadiums,
 * cars, students, and a dining guide whose restaurants have a city of their own and a location with another.
 */
function col(name: string, type: string, extra: Partial<ColumnSchema> = {}): ColumnSchema {
  return { name, type, nullable: true, primaryKey: false, ...extra };
}
function table(name: string, columns: ColumnSchema[], foreignKeys: TableSchema['foreignKeys'] = []): TableSchema {
  return {
    name,
    kind: 'table',
    columns,
    primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
    foreignKeys,
  };
}
const id = (name = 'id') => col(name, 'INTEGER', { primaryKey: true, nullable: false });
const fk = (column: string, referencedTable: string, referencedColumn = 'id') => ({
  columns: [column],
  referencedTable,
  referencedColumns: [referencedColumn],
});
function schema(version: string, tables: TableSchema[]): DatabaseSchema {
  return { dialect: 'sqlite', introspectedAt: '2025-01-01T00:00:00.000Z', version, tables };
}

/** Battles with a name, a date and a result (text). */
export const BATTLE_SCHEMA = schema('battle-1', [
  table('battle', [
    id(),
    col('name', 'TEXT'),
    col('date', 'TEXT'),
    col('result', 'TEXT', { sampleValues: ['defeat', 'draw', 'victory'] }),
    col('commander', 'TEXT'),
  ]),
]);

/** Document templates with a type code, and the documents written from them. */
export const DOCUMENT_SCHEMA = schema('documents-1', [
  table('ref_template_types', [
    col('template_type_code', 'TEXT', { primaryKey: true, sampleValues: ['AD', 'BK', 'CV', 'PP', 'PPT'] }),
    col('template_type_description', 'TEXT'),
  ]),
  table(
    'templates',
    [
      id('template_id'),
      col('version_number', 'INTEGER'),
      col('template_type_code', 'TEXT', { sampleValues: ['AD', 'BK', 'CV', 'PP', 'PPT'] }),
      col('template_details', 'TEXT'),
    ],
    [fk('template_type_code', 'ref_template_types', 'template_type_code')],
  ),
  table(
    'documents',
    [
      id('document_id'),
      col('template_id', 'INTEGER'),
      col('document_name', 'TEXT'),
      col('document_description', 'TEXT'),
    ],
    [fk('template_id', 'templates', 'template_id')],
  ),
]);

/** Airlines (name, country) and their flights (from/to airport codes). */
export const AIRLINE_SCHEMA = schema('airlines-1', [
  table('airlines', [
    id('uid'),
    col('airline', 'TEXT'),
    col('abbreviation', 'TEXT'),
    col('country', 'TEXT', { sampleValues: ['Canada', 'France', 'USA'] }),
  ]),
  table(
    'flights',
    [
      id('flight_id'),
      col('airline_id', 'INTEGER'),
      col('flight_no', 'INTEGER'),
      col('source_airport', 'TEXT'),
      col('dest_airport', 'TEXT'),
    ],
    [fk('airline_id', 'airlines', 'uid')],
  ),
]);

/** Stadiums with a capacity and an average attendance. */
export const STADIUM_SCHEMA = schema('stadiums-1', [
  table('stadium', [
    id('stadium_id'),
    col('name', 'TEXT'),
    col('location', 'TEXT'),
    col('capacity', 'INTEGER'),
    col('highest', 'INTEGER'),
    col('average', 'INTEGER'),
  ]),
]);

/** Cars with cylinders, horsepower and acceleration. */
export const CAR_SCHEMA = schema('cars-1', [
  table('cars_data', [
    id(),
    col('model', 'TEXT'),
    col('cylinders', 'INTEGER'),
    col('horsepower', 'INTEGER'),
    col('accelerate', 'REAL'),
    col('year', 'INTEGER'),
  ]),
]);

/** High-school students with a grade (a number) and their friendships. */
export const STUDENT_SCHEMA = schema('students-1', [
  table('student', [id(), col('name', 'TEXT'), col('grade', 'INTEGER')]),
  table('friend', [id(), col('student_id', 'INTEGER'), col('friend_id', 'INTEGER')], [fk('student_id', 'student')]),
]);

/**
 * A dining guide: a restaurant has a city of its own and a location (one row per restaurant) with another city;
 * cities belong to regions. `restaurant.city_name` and `location.city_name` are independent readings of a city.
 */
export const DINING_SCHEMA = schema('dining-1', [
  table('city', [
    col('city_name', 'TEXT', { primaryKey: true }),
    col('region', 'TEXT', { sampleValues: ['bay area', 'central coast', 'valley'] }),
  ]),
  table(
    'restaurant',
    [
      id(),
      col('name', 'TEXT', { knownValues: ["denny's", 'golden dragon', 'le bistro'] }),
      col('food_type', 'TEXT', { sampleValues: ['chinese', 'french', 'italian'] }),
      col('city_name', 'TEXT', { sampleValues: ['alameda', 'oakland', 'palo alto'] }),
      col('rating', 'REAL'),
    ],
    [fk('city_name', 'city', 'city_name')],
  ),
  table(
    'location',
    [
      col('restaurant_id', 'INTEGER', { primaryKey: true }),
      col('house_number', 'INTEGER'),
      col('street_name', 'TEXT'),
      col('city_name', 'TEXT', { sampleValues: ['alameda', 'berkeley', 'palo alto'] }),
    ],
    [fk('restaurant_id', 'restaurant'), fk('city_name', 'city', 'city_name')],
  ),
]);

/**
 * A wholesale ledger named unlike the shop: clients, staff with a title and a salary, items with units in stock and
 * a unit cost, invoices (an amount, an invoice date and a paid date) with their lines, and item feedback with a score.
 */
export const LEDGER_SCHEMA = schema('ledger-1', [
  table('clients', [
    id('client_id'),
    col('full_name', 'TEXT'),
    col('city', 'TEXT', { sampleValues: ['Leeds', 'London', 'York'] }),
  ]),
  table('staff', [
    id('staff_id'),
    col('name', 'TEXT'),
    col('title', 'TEXT', { sampleValues: ['Clerk', 'Manager'] }),
    col('salary', 'REAL'),
    col('city', 'TEXT', { sampleValues: ['Leeds', 'London'] }),
  ]),
  table('vendors', [id('vendor_id'), col('name', 'TEXT'), col('city', 'TEXT', { sampleValues: ['London', 'Paris'] })]),
  table(
    'items',
    [
      id('item_id'),
      col('label', 'TEXT'),
      col('vendor_id', 'INTEGER'),
      col('unit_cost', 'REAL'),
      col('units_in_stock', 'INTEGER'),
      col('kind', 'TEXT', { sampleValues: ['bolt', 'nut', 'screw'] }),
    ],
    [fk('vendor_id', 'vendors', 'vendor_id')],
  ),
  table(
    'invoices',
    [
      id('invoice_id'),
      col('client_id', 'INTEGER'),
      col('staff_id', 'INTEGER'),
      col('invoice_date', 'DATE'),
      col('paid_on', 'DATE'),
      col('amount', 'REAL'),
      col('state', 'TEXT', { sampleValues: ['open', 'paid'] }),
    ],
    [fk('client_id', 'clients', 'client_id'), fk('staff_id', 'staff', 'staff_id')],
  ),
  table(
    'invoice_lines',
    [
      id('line_id'),
      col('invoice_id', 'INTEGER'),
      col('item_id', 'INTEGER'),
      col('qty', 'INTEGER'),
      col('price', 'REAL'),
    ],
    [fk('invoice_id', 'invoices', 'invoice_id'), fk('item_id', 'items', 'item_id')],
  ),
  table(
    'feedback',
    [id('feedback_id'), col('item_id', 'INTEGER'), col('score', 'INTEGER')],
    [fk('item_id', 'items', 'item_id')],
  ),
]);

/**
 * A restaurant guide in the shape of the restaurants evaluation set: restaurants with a food type and a rating, the
 * county and region of each city, and each restaurant's street address ("good restaurant" definitions).
 */
export const GUIDE_SCHEMA = schema('guide-1', [
  table('geographic', [
    col('city_name', 'TEXT', { primaryKey: true }),
    col('county', 'TEXT', { sampleValues: ['alameda county', 'santa clara county'] }),
    col('region', 'TEXT', { sampleValues: ['bay area', 'yosemite'] }),
  ]),
  table(
    'restaurant',
    [
      id(),
      col('name', 'TEXT', { knownValues: ['jamerican cuisine', 'the tortilla factory'] }),
      col('food_type', 'TEXT', { sampleValues: ['american', 'french', 'italian'] }),
      col('city_name', 'TEXT', { sampleValues: ['san francisco', 'berkeley'] }),
      col('rating', 'REAL'),
    ],
    [fk('city_name', 'geographic', 'city_name')],
  ),
  table(
    'location',
    [
      col('restaurant_id', 'INTEGER', { primaryKey: true }),
      col('house_number', 'INTEGER'),
      col('street_name', 'TEXT'),
      col('city_name', 'TEXT'),
    ],
    [fk('restaurant_id', 'restaurant'), fk('city_name', 'geographic', 'city_name')],
  ),
]);

/**
 * A clinic named unlike the shop: physicians with a full name, a position (stored as WordNet spells it: 'Chief
 * Executive Officer') and a pay, and visits with a total charge and an outcome.
 */
export const CLINIC_SCHEMA = schema('clinic-1', [
  table('physicians', [
    id('physician_id'),
    col('full_name', 'TEXT'),
    col('position', 'TEXT', { sampleValues: ['Chief Executive Officer', 'Nurse', 'Surgeon'] }),
    col('pay', 'REAL'),
    col('ward', 'TEXT', { sampleValues: ['East', 'North', 'West'] }),
  ]),
  table(
    'visits',
    [
      id('visit_id'),
      col('physician_id', 'INTEGER'),
      col('total_charge', 'REAL'),
      col('outcome', 'TEXT', { sampleValues: ['admitted', 'discharged'] }),
    ],
    [fk('physician_id', 'physicians', 'physician_id')],
  ),
]);

/**
 * A trading company named in the manner of Northwind: suppliers and shippers known by a company name, suppliers
 * with an active flag, products with a product name, a unit price and a unit cost and a discontinued flag, and
 * orders with an order, a required and a shipped date and the shipper they went with (`ship_via`).
 */
export const TRADE_SCHEMA = schema('trade-1', [
  table('suppliers', [
    id('supplier_id'),
    col('company_name', 'TEXT'),
    col('contact_name', 'TEXT'),
    col('country', 'TEXT', { sampleValues: ['France', 'Germany', 'Japan'] }),
    col('is_active', 'BOOLEAN'),
  ]),
  table('shippers', [id('shipper_id'), col('company_name', 'TEXT'), col('phone', 'TEXT')]),
  table(
    'products',
    [
      id('product_id'),
      col('product_name', 'TEXT'),
      col('supplier_id', 'INTEGER'),
      col('unit_price', 'REAL'),
      col('unit_cost', 'REAL'),
      col('discontinued', 'INTEGER'),
    ],
    [fk('supplier_id', 'suppliers', 'supplier_id')],
  ),
  table(
    'orders',
    [
      id('order_id'),
      col('order_date', 'DATE'),
      col('required_date', 'DATE'),
      col('shipped_date', 'DATE'),
      col('ship_via', 'INTEGER'),
      col('freight', 'REAL'),
    ],
    [fk('ship_via', 'shippers', 'shipper_id')],
  ),
]);
