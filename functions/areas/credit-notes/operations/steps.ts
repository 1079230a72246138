import type { OperationOf } from '../../../platform/http/types.js';
import { requestContext } from '../../../platform/journal/write-context.js';
import type { CREDIT_NOTE_ENDPOINTS } from '../endpoints.js';
import { createCreditNoteCommand } from '../steps/create.js';
import { approveCreditNoteCommand, voidCreditNoteCommand } from '../steps/transitions.js';

/** POST /credit-notes: the back office's `credit-note create`, over the API (201, DRAFT). */
export const createCreditNoteOp: OperationOf<typeof CREDIT_NOTE_ENDPOINTS, 'createCreditNote'> = async ({
  auth,
  body,
  now,
  journal,
}) => ({
  status: 201,
  body: await createCreditNoteCommand(
    {
      orgId: auth.orgId,
      customerId: body.customerId,
      invoiceId: body.invoiceId ?? undefined,
      salesOrderId: body.salesOrderId ?? undefined,
      returnStock: body.returnStock ?? false,
      warehouseId: body.warehouseId ?? undefined,
      lines: body.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        ...(l.taxRate === undefined ? {} : { taxRate: l.taxRate }),
      })),
    },
    requestContext({ now, journal }),
  ),
});

/** POST /credit-notes/{id}/approve: the back office's `credit-note approve`, over the API. */
export const approveCreditNoteOp: OperationOf<typeof CREDIT_NOTE_ENDPOINTS, 'approveCreditNote'> = async ({
  auth,
  params,
  now,
  journal,
}) => ({
  status: 200,
  body: await approveCreditNoteCommand(
    { orgId: auth.orgId, id: params.id },
    requestContext({ now, journal }),
  ),
});

/** POST /credit-notes/{id}/void: the back office's `credit-note void`, over the API. */
export const voidCreditNoteOp: OperationOf<typeof CREDIT_NOTE_ENDPOINTS, 'voidCreditNote'> = async ({
  auth,
  params,
  body,
  now,
  journal,
}) => ({
  status: 200,
  body: await voidCreditNoteCommand(
    { orgId: auth.orgId, id: params.id, reason: body?.voidReason ?? undefined },
    requestContext({ now, journal }),
  ),
});
