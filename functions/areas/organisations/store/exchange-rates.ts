/**
 * Exchange rates per organisation (design.md section 5): one item per foreign currency beside the
 * organisation item (`O#<org>` / `EXCHANGE_RATE#<currency>`), `rate` = base-currency units per one unit of
 * the foreign currency. Goods receipts read the rate of the order's currency with the organisation item
 * (its base currency) in the batch read they already make.
 */
import { GetCommand, PutCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

export interface ExchangeRate {
  currency: string;
  /** Base-currency units per one unit of `currency`. */
  rate: number;
  baseCurrency: string;
  updatedAt: string;
}

export const exchangeRateKey = (orgId: string, currency: string): Key => ({
  PK: tenantPrefix(orgId),
  SK: `EXCHANGE_RATE#${currency}`,
});

export const exchangeRateOf = (item: Record<string, unknown> | undefined): ExchangeRate | null =>
  item
    ? {
        currency: item.currency as string,
        rate: item.rate as number,
        baseCurrency: item.baseCurrency as string,
        updatedAt: item.updatedAt as string,
      }
    : null;

export async function getExchangeRate(orgId: string, currency: string): Promise<ExchangeRate | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: exchangeRateKey(orgId, currency), ConsistentRead: true }),
  );
  return exchangeRateOf(Item);
}

/** Sets (or replaces) the rate of one currency. */
export async function putExchangeRate(orgId: string, rate: ExchangeRate): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...exchangeRateKey(orgId, rate.currency), entity: 'ExchangeRate', orgId, ...rate },
    }),
  );
}

/** The put of one rate, for a write's own transaction (its audit entry beside it). */
export const exchangeRatePut = (orgId: string, rate: ExchangeRate) => ({
  Put: {
    TableName: tableName(),
    Item: { ...exchangeRateKey(orgId, rate.currency), entity: 'ExchangeRate', orgId, ...rate },
  },
});

/** Every rate the organisation has set, by currency. */
export async function listExchangeRates(orgId: string): Promise<ExchangeRate[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :rate)',
    ExpressionAttributeValues: { ':pk': tenantPrefix(orgId), ':rate': 'EXCHANGE_RATE#' },
  });
  return items.map((item) => exchangeRateOf(item)!);
}
