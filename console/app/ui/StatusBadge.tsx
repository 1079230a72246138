import { humanise } from './format.js';

/**
 * A document's status as a badge. The colour only repeats what the word says (tone by status family),
 * so nothing depends on seeing colour.
 */
const TONES: Record<string, 'waiting' | 'active' | 'done' | 'stopped' | 'alert'> = {
  DRAFT: 'waiting',
  SUBMITTED: 'waiting',
  PENDING: 'waiting',
  CONFIRMED: 'active',
  APPROVED: 'active',
  PICKING: 'active',
  PICKED: 'active',
  PACKED: 'active',
  SENT: 'active',
  IN_PROGRESS: 'active',
  PARTIALLY_DISPATCHED: 'active',
  PARTIALLY_RECEIVED: 'active',
  PARTIALLY_PAID: 'active',
  ACTIVE: 'done',
  DISPATCHED: 'done',
  RECEIVED: 'done',
  DELIVERED: 'done',
  PAID: 'done',
  COMPLETED: 'done',
  CANCELLED: 'stopped',
  VOID: 'stopped',
  EXPIRED: 'stopped',
  CONSUMED: 'stopped',
  OVERDUE: 'alert',
  QUARANTINED: 'alert',
  RECALLED: 'alert',
  DEAD: 'alert',
  // m27: serial numbers.
  AVAILABLE: 'done',
  SOLD: 'done',
  DAMAGED: 'alert',
  SCRAPPED: 'stopped',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${TONES[status] ?? 'waiting'}`}>{humanise(status)}</span>;
}
