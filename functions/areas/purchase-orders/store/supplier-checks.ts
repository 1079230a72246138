import type { ApiError } from '../../../../domain/errors.js';
import { supplierKey } from '../../suppliers/public.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, type GuardedItem } from '../../../platform/dynamo/transact.js';

/**
 * A write's condition that the supplier is active when it commits, so a supplier deactivated at any moment
 * before is seen. `refusal` is what an inactive supplier means: the action's 422 (approve, receive), or
 * 'retry' where the decision was made on a read that now has to be repeated (create re-reads and refuses
 * with invalid_reference). A supplier changed otherwise meanwhile is a retry either way.
 */
export const supplierStillActive = (
  orgId: string,
  supplierId: string,
  refusal: ApiError | 'retry',
): GuardedItem =>
  guard(
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: supplierKey(orgId, supplierId),
        ConditionExpression: 'isActive = :true',
        ExpressionAttributeValues: { ':true': true },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    (old) => (old && old.isActive !== false ? 'retry' : refusal),
  );
