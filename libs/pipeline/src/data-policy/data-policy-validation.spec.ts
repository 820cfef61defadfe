import type { DatabaseSchema } from '@nlq/contracts';
import { validateDataPolicy } from './data-policy-validation';

const schema = (dialect: DatabaseSchema['dialect']): DatabaseSchema =>
  ({
    dialect,
    version: 'v1',
    tables: [
      {
        name: 'customers',
        kind: 'table',
        columns: ['customer_id', 'email', 'last_name', 'country'].map((name) => ({
          name,
          type: 'text',
          nullable: true,
        })),
      },
      {
        name: 'orders',
        kind: 'table',
        columns: ['order_id', 'customer_id', 'total'].map((name) => ({ name, type: 'integer', nullable: true })),
      },
    ],
  }) as unknown as DatabaseSchema;

describe('validateDataPolicy', () => {
  it.each(['sqlite', 'postgresql', 'mariadb'] as const)(
    'accepts the documented shape on %s, names as the schema spells them',
    (dialect) => {
      const result = validateDataPolicy(
        {
          roles: {
            viewer: {
              tables: ['Customers', 'orders'],
              deny_columns: ['customers.EMAIL'],
              mask_columns: ['customers.last_name'],
              row_filters: {
                customers: 'country = :user.country',
                orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
              },
            },
          },
        },
        schema(dialect),
      );
      expect(result).toEqual({
        ok: true,
        policy: {
          roles: {
            viewer: {
              tables: ['customers', 'orders'],
              deny_columns: ['customers.email'],
              mask_columns: ['customers.last_name'],
              row_filters: {
                customers: 'country = :user.country',
                orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
              },
            },
          },
        },
      });
    },
  );

  it('names every problem under its field', () => {
    const result = validateDataPolicy(
      {
        roles: {
          owner: {},
          viewer: {
            tables: ['customers', 'salaries'],
            deny_columns: ['customers.ssn', 'nodot'],
            row_filters: {
              customers: "country = 'x'; DROP TABLE customers",
              orders: 'missing_column = :user.country',
              ghosts: '1 = 1',
            },
            extra: true,
          },
          analyst: { row_filters: { customers: 'country = :country' } },
        },
      },
      schema('sqlite'),
    );
    expect(result.ok).toBe(false);
    const fields = (result as { problems: Array<{ field: string }> }).problems.map((p) => p.field).sort();
    expect(fields).toEqual([
      'roles.analyst.row_filters.customers',
      'roles.owner',
      'roles.viewer',
      'roles.viewer.deny_columns[0]',
      'roles.viewer.deny_columns[1]',
      'roles.viewer.row_filters.customers',
      'roles.viewer.row_filters.ghosts',
      'roles.viewer.row_filters.orders',
      'roles.viewer.tables[1]',
    ]);
  });

  it('refuses a document without roles', () => {
    expect(validateDataPolicy({}, schema('sqlite')).ok).toBe(false);
    expect(validateDataPolicy(null, schema('sqlite')).ok).toBe(false);
  });
});
