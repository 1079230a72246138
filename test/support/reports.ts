/**
 * The stock reports as a test sees them. Movement rows are a projection of the ledger fed by the table's
 * stream; tests project their own organisation's ledger synchronously (the table and its stream are shared
 * with test files running in parallel), through the same handler the Lambda runs.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { handleLedgerRecords } from '../../functions/areas/reports/ledger-projection.js';
import { listLedger } from '../../functions/areas/inventory/store/stock.js';
import { call, type Tenant } from './api.js';

/** The INSERT stream records of one organisation's ledger entries, in the Lambda's shape. */
export async function ledgerStreamRecords(orgId: string): Promise<DynamoDBRecord[]> {
  return (await listLedger(orgId)).map((item, n) => ({
    eventName: 'INSERT',
    dynamodb: {
      Keys: marshall({ PK: item.PK, SK: item.SK }) as never,
      NewImage: marshall(item, { removeUndefinedValues: true }) as never,
      SequenceNumber: String(1000 + n),
    },
  }));
}

/** Projects the organisation's ledger into movement rows now (what the stream does within seconds). */
export async function projectLedger(orgId: string): Promise<void> {
  const result = await handleLedgerRecords(await ledgerStreamRecords(orgId));
  if (result.batchItemFailures.length > 0) throw new Error('ledger projection failed');
}

type Query = Record<string, string | number | boolean>;

async function report<T>(t: Tenant, path: string, query: Query): Promise<T> {
  const res = await call('GET', `/reports/${path}`, { key: t.key, query });
  if (res.status !== 200) throw new Error(`GET /reports/${path} answered ${res.status}: ${res.raw}`);
  return res.body as T;
}

/** A window from an hour ago to an hour ahead: every movement a test just made. */
const recent = () => ({
  dateFrom: new Date(Date.now() - 3_600_000).toISOString(),
  dateTo: new Date(Date.now() + 3_600_000).toISOString(),
});

/** What GET /reports/stock-movement shows for the tenant after its ledger is projected (last hour by default). */
export async function movementReport(t: Tenant, query: Query = {}) {
  await projectLedger(t.orgId);
  return report<{ movements: Record<string, any>[]; truncated: boolean }>(t, 'stock-movement', {
    ...recent(),
    ...query,
  });
}

/** What GET /reports/stock-on-hand-at-date shows (now by default). */
export const atDateReport = (t: Tenant, query: Query = {}) =>
  report<{ asAtDate: string; rows: Record<string, any>[] }>(t, 'stock-on-hand-at-date', {
    asAtDate: new Date().toISOString(),
    ...query,
  });

export const valuationReport = (t: Tenant, query: Query = {}) =>
  report<{ items: Record<string, any>[]; totalValue: number }>(t, 'valuation', query);

export const expiryReport = (t: Tenant, query: Query = {}) =>
  report<{ batches: Record<string, any>[] }>(t, 'expiry', query);

export const lowStockReport = (t: Tenant, query: Query = {}) =>
  report<{ products: Record<string, any>[]; totalEstimatedCost: number }>(t, 'low-stock', query);
