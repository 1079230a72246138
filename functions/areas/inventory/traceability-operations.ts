/**
 * The lot and serial steps design.md section 7 puts over the API: the CLI's steps (steps/batches.ts,
 * steps/serials.ts) run with the request's instant and journal.
 */
import type { BatchAction } from '../../../domain/inventory/batch.js';
import type { OperationOf } from '../../platform/http/types.js';
import { requestContext } from '../../platform/journal/write-context.js';
import type { INVENTORY_ENDPOINTS } from './endpoints.js';
import { createBatch, setBatchStatus } from './steps/batches.js';
import { setSerialStatus } from './steps/serials.js';

type Op<Id extends (typeof INVENTORY_ENDPOINTS)[number]['operationId']> = OperationOf<
  typeof INVENTORY_ENDPOINTS,
  Id
>;

export const createBatchOp: Op<'createBatch'> = async ({ auth, body, now, journal }) => ({
  status: 201,
  body: await createBatch({ orgId: auth.orgId, ...body }, requestContext({ now, journal })),
});

const batchActionOp =
  (action: BatchAction): Op<'quarantineBatch'> =>
  async ({ auth, params, now, journal }) => ({
    body: await setBatchStatus(
      { orgId: auth.orgId, id: params.id, action },
      requestContext({ now, journal }),
    ),
  });

export const quarantineBatchOp = batchActionOp('quarantine');
export const releaseBatchOp = batchActionOp('release');
export const recallBatchOp = batchActionOp('recall');
export const expireBatchOp = batchActionOp('expire');

export const setSerialNumberStatusOp: Op<'setSerialNumberStatus'> = async ({
  auth,
  params,
  body,
  now,
  journal,
}) => ({
  body: await setSerialStatus(
    { orgId: auth.orgId, id: params.id, status: body.status },
    requestContext({ now, journal }),
  ),
});
