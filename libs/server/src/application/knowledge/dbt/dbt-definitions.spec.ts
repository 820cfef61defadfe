import type { DatabaseSchema } from '@nlq/contracts';
import { ApiException } from '../../../platform/common/api.exception';
import { translateDbtProject } from './dbt-definitions';
import { parseDbtProject } from './dbt-documents';

const SCHEMA: DatabaseSchema = {
  dialect: 'postgresql',
  introspectedAt: '2026-01-01T00:00:00Z',
  version: 'v1',
  tables: [
    {
      name: 'orders',
      kind: 'table',
      primaryKey: ['id'],
      foreignKeys: [],
      columns: ['id', 'amount', 'status', 'placed_at'].map((name) => ({
        name,
        type: 'text',
        nullable: true,
        primaryKey: name === 'id',
      })),
    },
  ],
};

const PROJECT = `
semantic_models:
  - name: orders
    model: ref("orders")
    defaults: { agg_time_dimension: placed_at }
    entities: [{ name: order, type: primary, expr: id }]
    dimensions:
      - { name: placed_at, type: time, description: When the order was placed, type_params: { time_granularity: day } }
      - { name: state, type: categorical, expr: status }
    measures:
      - { name: total, agg: sum, expr: amount }
      - { name: big_orders, agg: count, expr: "case when amount > 100 then id end" }
      - { name: p90, agg: percentile, expr: amount, agg_params: { percentile: 0.9 } }
---
metrics:
  - name: paid_total
    type: simple
    type_params: { measure: { name: total, filter: "{{ Dimension('order__state') }} = 'paid'" } }
    filter:
      - "{{ TimeDimension('metric_time', 'day') }} >= '2024-01-01'"
  - name: paid_share
    type: ratio
    type_params: { numerator: paid_total, denominator: { name: all_total } }
  - { name: all_total, type: simple, type_params: { measure: total } }
  - { name: big, type: simple, type_params: { measure: big_orders } }
  - { name: p90_amount, type: simple, type_params: { measure: p90 } }
  - { name: ghost, type: simple, filter: "{{ Dimension('customer__region') }} = 'EU'", type_params: { measure: total } }
  - { name: monthly, type: cumulative, type_params: { measure: total, grain_to_date: month } }
  - { name: funnel, type: conversion, type_params: {} }
`;

describe('translateDbtProject', () => {
  const { bodies, skipped } = translateDbtProject(parseDbtProject(PROJECT), SCHEMA, new Map());
  const metric = (name: string) => bodies.find((b) => b.kind === 'metric' && b.name === name);
  const reason = (name: string) => skipped.find((s) => s.name === name)?.reason;

  it('writes MetricFlow filters as SQL on the qualified columns, metric_time as the agg time dimension', () => {
    expect(metric('paid_total')).toMatchObject({
      expression: 'SUM(orders.amount)',
      filter: "(orders.placed_at >= '2024-01-01') AND (orders.status = 'paid')",
    });
  });

  it('folds differing filters of a ratio into its aggregates and qualifies an expr', () => {
    expect(metric('paid_share')).toMatchObject({
      expression:
        "SUM(CASE WHEN (orders.placed_at >= '2024-01-01') AND (orders.status = 'paid') THEN orders.amount END) * 1.0 / NULLIF(SUM(orders.amount), 0)",
      filter: null,
    });
    expect(metric('big')).toMatchObject({ expression: 'COUNT(case when orders.amount > 100 then orders.id end)' });
  });

  it('skips what one aggregate cannot state, with the reason', () => {
    expect(metric('p90_amount')).toMatchObject({
      expression: 'PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY orders.amount)',
    });
    const onSqlite = translateDbtProject(parseDbtProject(PROJECT), { ...SCHEMA, dialect: 'sqlite' }, new Map());
    expect(onSqlite.skipped.find((s) => s.name === 'p90_amount')?.reason).toMatch(
      /the dialect cannot compute percentile/,
    );
    expect(reason('ghost')).toMatch(/Dimension\('customer__region'\), which no semantic model/);
    // a total to date is one aggregate as of today: the rows since the start of the current month
    expect(metric('monthly')).toMatchObject({
      expression: 'SUM(orders.amount)',
      filter: "orders.placed_at >= date_trunc('month', CURRENT_DATE)",
    });
    expect(reason('funnel')).toMatch(/conversion metric type is not imported/);
    expect(bodies).toContainEqual({ kind: 'synonym', name: 'state', synonyms: [], target: 'orders.status' });
    expect(bodies).toContainEqual({
      kind: 'description',
      target: 'orders.placed_at',
      text: 'When the order was placed (time, day grain)',
    });
  });

  it('refuses malformed YAML and aliases naming the document', () => {
    expect(() => parseDbtProject('metrics: [')).toThrow(ApiException);
    expect(() => parseDbtProject('a: &x {}\n---\nmetrics: [*x]')).toThrow(ApiException);
  });
});
