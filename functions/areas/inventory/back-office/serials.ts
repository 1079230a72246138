/** What only the CLI does for serials: reading `--status` (the API's schema does it for a body). */
import { SERIAL_SET_STATUSES, type SerialSetStatus } from '../../../../domain/inventory/serial.js';
import { UsageError } from '../../../platform/back-office/command.js';

export function parseSerialStatus(value: string): SerialSetStatus {
  const status = SERIAL_SET_STATUSES.find((s) => s === value.trim().toUpperCase());
  if (!status) {
    throw new UsageError(
      `--status must be one of ${SERIAL_SET_STATUSES.join(', ')} (ALLOCATED and SOLD move through orders)`,
    );
  }
  return status;
}
