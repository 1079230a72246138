/**
 * `serial set-status --id --status S` (design.md section 5): the moves the application makes on a unit
 * outside orders (damaged, scrapped, returned, back to stock), by SERIAL_STATUS_MOVES. The serial is
 * replaced conditioned on the version read, with its history entry in the same record and the audit
 * entry in the same transaction; a racing change re-reads and decides again. No stock moves: a serial's
 * status is a label on the unit, stock moves through adjustments (docs/decisions.md "Serial numbers").
 */
import { notFound } from '../../../../domain/errors.js';
import {
  SERIAL_RESOURCE,
  SERIAL_SET_STATUSES,
  setSerialStatus,
  type SerialSetStatus,
} from '../../../../domain/inventory/serial.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { UsageError } from '../../../platform/back-office/command.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { getSerialNumber, serialReplaceItem } from '../store/serial-numbers.js';
import { serialDetail } from '../traceability.js';

export function parseSerialStatus(value: string): SerialSetStatus {
  const status = SERIAL_SET_STATUSES.find((s) => s === value.trim().toUpperCase());
  if (!status) {
    throw new UsageError(
      `--status must be one of ${SERIAL_SET_STATUSES.join(', ')} (ALLOCATED and SOLD move through orders)`,
    );
  }
  return status;
}

/** Prints the serial's detail as GET /serial-numbers/{id} shows it. */
export async function setSerialStatusCommand(input: { orgId: string; id: string; status: SerialSetStatus }) {
  const { orgId } = input;
  const now = new Date();
  const at = now.toISOString();
  const next = await writeOptimistically({
    run: async () => {
      const serial = await getSerialNumber(orgId, input.id);
      if (!serial) throw notFound(SERIAL_RESOURCE);
      const changed = setSerialStatus(serial, input.status, at, { type: 'back_office', id: null });
      await transact([
        serialReplaceItem(orgId, changed),
        ...backOfficeJournal(orgId, now).items({
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
    onExhausted: () => new BackOfficeError(`Serial number ${input.id} kept changing; run the command again`),
  });
  return serialDetail(orgId, next);
}
