/**
 * Serial numbers (spec: Serial number): one record per tracked unit, unique per product
 * case-insensitively, carrying its placement, its links to the purchase that brought it in and the
 * history of its status changes. Every change goes through transitionSerial, which appends the history
 * entry in the same record, so a status and its history can never disagree.
 */
import { unprocessable } from '../errors.js';

export const SERIAL_STATUSES = [
  'AVAILABLE',
  'RESERVED',
  'ALLOCATED',
  'SOLD',
  'RETURNED',
  'DAMAGED',
  'SCRAPPED',
  'IN_PRODUCTION',
] as const;
export type SerialStatus = (typeof SERIAL_STATUSES)[number];

/** The spec's embedded cap: the detail shows the last 500 entries; historyTotal counts them all. */
export const MAX_SERIAL_HISTORY = 500;
/** A serial number as sent: trimmed, 1-100 characters. */
export const MAX_SERIAL_LENGTH = 100;

/** design.md section 5: `{ fromStatus, toStatus, at, sourceType, sourceId }`; null fromStatus = created. */
export interface SerialHistoryEntry {
  fromStatus: SerialStatus | null;
  toStatus: SerialStatus;
  at: string;
  /** What moved it: goods_receipt, sales_order, back_office ... */
  sourceType: string;
  sourceId: string | null;
}

export interface SerialNumber {
  id: string;
  serialNumber: string;
  status: SerialStatus;
  productId: string;
  batchId: string | null;
  warehouseId: string | null;
  binId: string | null;
  purchaseOrderId: string | null;
  poLineId: string | null;
  receiptId: string | null;
  receivedAt: string | null;
  soldAt: string | null;
  returnedAt: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Oldest first, the last MAX_SERIAL_HISTORY entries. */
  history: SerialHistoryEntry[];
  historyTotal: number;
}

/** What a status change names as its cause. */
export interface SerialSource {
  type: string;
  id: string | null;
}

/** Uniqueness and exact search are case-insensitive and ignore surrounding blanks. */
export const normaliseSerial = (serialNumber: string): string => serialNumber.trim().toLowerCase();

/**
 * A unit received by a goods receipt: AVAILABLE where it was put away, linked to the order line, with the
 * creation as its first history entry (fromStatus null).
 */
export function receivedSerial(
  input: {
    serialNumber: string;
    productId: string;
    batchId: string | null;
    warehouseId: string;
    binId: string | null;
    purchaseOrderId: string;
    poLineId: string;
    receiptId: string;
    receivedAt: string;
  },
  context: { id: string; now: string },
): SerialNumber {
  return {
    id: context.id,
    serialNumber: input.serialNumber.trim(),
    status: 'AVAILABLE',
    productId: input.productId,
    batchId: input.batchId,
    warehouseId: input.warehouseId,
    binId: input.binId,
    purchaseOrderId: input.purchaseOrderId,
    poLineId: input.poLineId,
    receiptId: input.receiptId,
    receivedAt: input.receivedAt,
    soldAt: null,
    returnedAt: null,
    notes: null,
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
    history: [
      {
        fromStatus: null,
        toStatus: 'AVAILABLE',
        at: input.receivedAt,
        sourceType: 'goods_receipt',
        sourceId: input.receiptId,
      },
    ],
    historyTotal: 1,
  };
}

/**
 * The serial moved to `to` at `at` by `source`: the history entry appended (the oldest dropped beyond the
 * cap), soldAt / returnedAt stamped on the moves that name them, the version moved on. Which moves a
 * caller may make is the caller's rule (dispatch sells ALLOCATED units, cancel frees them); a move to the
 * status the serial already has changes nothing and is refused.
 */
export function transitionSerial(
  serial: SerialNumber,
  to: SerialStatus,
  at: string,
  source: SerialSource,
): SerialNumber {
  if (serial.status === to) {
    throw unprocessable(`Serial number ${serial.serialNumber} is already ${to}`);
  }
  const entry: SerialHistoryEntry = {
    fromStatus: serial.status,
    toStatus: to,
    at,
    sourceType: source.type,
    sourceId: source.id,
  };
  return {
    ...serial,
    status: to,
    soldAt: to === 'SOLD' ? at : serial.soldAt,
    returnedAt: to === 'RETURNED' ? at : serial.returnedAt,
    updatedAt: at,
    version: serial.version + 1,
    history: [...serial.history, entry].slice(-MAX_SERIAL_HISTORY),
    historyTotal: serial.historyTotal + 1,
  };
}

export const SERIAL_RESOURCE = 'Serial number';

/**
 * The moves the back office makes (`serial set-status`), as target -> the statuses it may come from.
 * ALLOCATED and SOLD move only through orders (pick, dispatch, cancel); RESERVED and IN_PRODUCTION have
 * no writer yet. SCRAPPED is final. A serial status is a label on the unit: it moves no stock (stock
 * moves through adjustments), see docs/decisions.md "Serial numbers".
 */
export const SERIAL_STATUS_MOVES = {
  AVAILABLE: ['DAMAGED', 'RETURNED'],
  DAMAGED: ['AVAILABLE', 'RETURNED'],
  SCRAPPED: ['AVAILABLE', 'DAMAGED', 'RETURNED'],
  RETURNED: ['SOLD'],
} as const satisfies Partial<Record<SerialStatus, readonly SerialStatus[]>>;
export type SerialSetStatus = keyof typeof SERIAL_STATUS_MOVES;
export const SERIAL_SET_STATUSES = Object.keys(SERIAL_STATUS_MOVES) as SerialSetStatus[];

/** A back-office move (SERIAL_STATUS_MOVES), 422 naming the status the serial has when it is not legal. */
export function setSerialStatus(
  serial: SerialNumber,
  to: SerialSetStatus,
  at: string,
  source: SerialSource,
): SerialNumber {
  const from: readonly SerialStatus[] = SERIAL_STATUS_MOVES[to];
  if (!from.includes(serial.status)) {
    throw unprocessable(
      `Serial number ${serial.serialNumber} is ${serial.status}; it cannot be set ${to} (only from ${from.join(', ')})`,
    );
  }
  return transitionSerial(serial, to, at, source);
}

/** Whether the serial is held for the order (or one of its shipments) by its last move: ALLOCATED by it. */
export function isAllocatedTo(serial: SerialNumber, sources: ReadonlySet<string>): boolean {
  const last = serial.history[serial.history.length - 1];
  return serial.status === 'ALLOCATED' && last?.sourceId != null && sources.has(last.sourceId);
}

/**
 * A serial `holderId` allocated (its last move) put back to the status that move took it from: a
 * shipment's cancel undoing its pick. Null when the serial is no longer held by it (moved on since).
 */
export function unallocateSerial(
  serial: SerialNumber,
  holderId: string,
  at: string,
  source: SerialSource,
): SerialNumber | null {
  if (!isAllocatedTo(serial, new Set([holderId]))) return null;
  const allocation = serial.history[serial.history.length - 1]!;
  return transitionSerial(serial, allocation.fromStatus ?? 'AVAILABLE', at, source);
}

/** How one write moves a product's serial counts: `all` (units created) and one count per status. */
export type SerialCountDelta = { all: number } & Partial<Record<SerialStatus, number>>;

/**
 * The count moves of the serials one write puts, per product: each serial's last history entry is the
 * move this write makes (transitionSerial appends it; a new serial's first entry comes from null), so a
 * created unit adds to `all` and its status, a changed one moves from its old status to its new one.
 * Moves that cancel out are left out; a product whose moves all cancel has no entry.
 */
export function serialCountDeltas(written: readonly SerialNumber[]): Map<string, SerialCountDelta> {
  const deltas = new Map<string, SerialCountDelta>();
  for (const serial of written) {
    const move = serial.history[serial.history.length - 1]!;
    const delta = deltas.get(serial.productId) ?? { all: 0 };
    if (move.fromStatus === null) delta.all += 1;
    else delta[move.fromStatus] = (delta[move.fromStatus] ?? 0) - 1;
    delta[move.toStatus] = (delta[move.toStatus] ?? 0) + 1;
    deltas.set(serial.productId, delta);
  }
  for (const [productId, delta] of deltas) {
    for (const status of SERIAL_STATUSES) if (delta[status] === 0) delete delta[status];
    if (delta.all === 0 && Object.keys(delta).length === 1) deltas.delete(productId);
  }
  return deltas;
}
