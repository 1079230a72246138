/**
 * The expiry report's batches, read through the batches' expiry-ordered index (GSI1 O#<org>#BATCH, SK
 * `<expiryDate or 9999-12-31>\u0001<id>`, see inventory/store/batches.ts): only the window's key range
 * is read; the ACTIVE condition is a FilterExpression over that range.
 */
import type { Batch } from '../../../../domain/inventory/batch.js';
import { batchCollection, batchFromItem } from '../../inventory/public.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';

/** ACTIVE batches expiring on a date from `from` to `to` (YYYY-MM-DD, both inclusive), expiry ascending. */
export async function activeBatchesExpiring(orgId: string, from: string, to: string): Promise<Batch[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
    FilterExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': batchCollection(orgId),
      ':from': from,
      // Every key of the last day (a date, then \u0001 and the id) sorts below the date and \uffff.
      ':to': `${to}\uffff`,
      ':active': 'ACTIVE',
    },
    ScanIndexForward: true,
  });
  return items.map(batchFromItem);
}
