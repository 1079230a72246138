/**
 * `serial set-status --id --status S` and `POST /serial-numbers/{id}/status` (design.md sections 5 and
 * 7): the moves the application makes on a unit outside orders (damaged, scrapped, returned, back to
 * stock), by SERIAL_STATUS_MOVES. The serial is replaced conditioned on the version read, with its
 * history entry in the same record and the audit entry in the same transaction; a racing change re-reads
 * and decides again. No stock moves: a serial's status is a label on the unit, stock moves through
 * adjustments (docs/decisions.md "Serial numbers"). The history names the cause `back_office` from
 * either door (a status set by hand); who set it is in the audit log.
 */
import { notFound } from '../../../../domain/errors.js';
import {
  SERIAL_RESOURCE,
  setSerialStatus as decideSerialStatus,
  type SerialSetStatus,
} from '../../../../domain/inventory/serial.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { serialCountMoves } from '../store/serial-counts.js';
import { getSerialNumber, serialReplaceItem } from '../store/serial-numbers.js';
import { serialDetail } from '../traceability.js';

/** Answers the serial's detail as GET /serial-numbers/{id} shows it. */
export async function setSerialStatus(
  input: { orgId: string; id: string; status: SerialSetStatus },
  context: WriteContext = backOfficeContext(input.orgId),
) {
  const { orgId } = input;
  const at = context.now.toISOString();
  const next = await writeOptimistically({
    run: async () => {
      const serial = await getSerialNumber(orgId, input.id);
      if (!serial) throw notFound(SERIAL_RESOURCE);
      const changed = decideSerialStatus(serial, input.status, at, { type: 'back_office', id: null });
      await transact([
        serialReplaceItem(orgId, changed),
        ...serialCountMoves(orgId, [changed]),
        ...context.journal.items({
          audit: [
            {
              resourceType: 'serial_number',
              resourceId: serial.id,
              action: 'set_status',
              changedFields: ['status', ...(changed.returnedAt !== serial.returnedAt ? ['returnedAt'] : [])],
            },
          ],
        }),
      ]);
      return changed;
    },
    onExhausted: () => context.exhausted(`Serial number ${input.id} kept changing`),
  });
  return serialDetail(orgId, next);
}
