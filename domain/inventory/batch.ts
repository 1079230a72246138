import { assertCan, type Transitions } from '../workflow/transitions.js';

export const BATCH_STATUSES = ['ACTIVE', 'QUARANTINED', 'EXPIRED', 'RECALLED', 'CONSUMED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_RESOURCE = 'Batch';

export interface Batch {
  id: string;
  batchNumber: string;
  status: BatchStatus;
  productId: string;
  manufactureDate: string | null;
  expiryDate: string | null;
  storageCondition: 'AMBIENT' | 'CHILLED' | 'FROZEN' | null;
  unitCost: number | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Batch numbers are unique per organisation, case-insensitively. */
export const uniqueBatchNumber = (batchNumber: string): string => batchNumber.trim().toLowerCase();

/**
 * A new, empty ACTIVE lot. Receipts, production and the back office's lot import all mint batches here;
 * the id and the instant are passed in so the domain stays free of clocks and id generation.
 */
export function newBatch(
  input: Pick<Batch, 'batchNumber' | 'productId'> &
    Partial<Pick<Batch, 'manufactureDate' | 'expiryDate' | 'storageCondition' | 'unitCost' | 'notes'>>,
  context: { id: string; now: string },
): Batch {
  return {
    id: context.id,
    batchNumber: input.batchNumber.trim(),
    status: 'ACTIVE',
    productId: input.productId,
    manufactureDate: input.manufactureDate ?? null,
    expiryDate: input.expiryDate ?? null,
    storageCondition: input.storageCondition ?? null,
    unitCost: input.unitCost ?? null,
    notes: input.notes ?? null,
    createdAt: context.now,
    updatedAt: context.now,
    version: 1,
  };
}

/**
 * The explicit status actions of the back office. CONSUMED is entered only by stock movement (a lot
 * emptied by picking or adjustment) and left only by stock arriving (or an adjustment's void putting it
 * back); no action leads to it. RECALLED is final. A consumed lot can still be recalled: the recall of a
 * lot whose goods already went out is what traceability is for.
 */
export const BATCH_TRANSITIONS = {
  quarantine: { from: ['ACTIVE'], to: 'QUARANTINED' },
  release: { from: ['QUARANTINED'], to: 'ACTIVE' },
  recall: { from: ['ACTIVE', 'QUARANTINED', 'EXPIRED', 'CONSUMED'], to: 'RECALLED' },
  expire: { from: ['ACTIVE', 'QUARANTINED'], to: 'EXPIRED' },
} as const satisfies Transitions<BatchStatus>;
export type BatchAction = keyof typeof BATCH_TRANSITIONS;
export const BATCH_ACTIONS = Object.keys(BATCH_TRANSITIONS) as BatchAction[];

/** Only ACTIVE lots may be reserved or picked for an order (FEFO skips the others). */
export const isAllocatable = (status: BatchStatus | string): boolean => status === 'ACTIVE';

/**
 * Whether a receipt may book stock into the lot: an ACTIVE lot, or a CONSUMED one (it becomes ACTIVE
 * again). Quarantined, expired and recalled lots take no new stock.
 */
export const isReceivable = (status: BatchStatus | string): boolean =>
  status === 'ACTIVE' || status === 'CONSUMED';

/** An explicit status action: 422 naming the status when it is not allowed from there. */
export function changeBatchStatus(batch: Batch, action: BatchAction, now: string): Batch {
  const status = assertCan(BATCH_TRANSITIONS, BATCH_RESOURCE, batch.status, action);
  return { ...batch, status, updatedAt: now, version: batch.version + 1 };
}

/** The sentinel that sorts lots without an expiry after every dated one. */
const NO_EXPIRY = '9999-12-31';

/** The date a lot sorts under in FEFO order: its expiry, or after every dated lot. */
export const fefoDate = (batch: Pick<Batch, 'expiryDate'>): string => batch.expiryDate ?? NO_EXPIRY;

/** FEFO order as one sortable string: earliest expiry first, no expiry last, id tiebreaker. */
export const fefoKey = (batch: Pick<Batch, 'id' | 'expiryDate'>): string =>
  `${fefoDate(batch)}\u0001${batch.id}`;

export const compareFefo = (a: Pick<Batch, 'id' | 'expiryDate'>, b: Pick<Batch, 'id' | 'expiryDate'>) => {
  const [x, y] = [fefoKey(a), fefoKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * A lot is good through its expiry date: it is past expiry at `asOf` (an ISO instant) from the next UTC
 * day on. `batch expire-due` expires the ACTIVE and QUARANTINED lots for which this holds.
 */
export const isPastExpiry = (expiryDate: string | null, asOf: string): boolean =>
  expiryDate !== null && expiryDate < asOf.slice(0, 10);

/** The expiry filters of GET /batches as inclusive calendar dates (a bound's time of day is ignored). */
export interface ExpiryWindow {
  fromDate?: string;
  toDate?: string;
}

export const expiryWindow = (after?: string, before?: string): ExpiryWindow => ({
  ...(after ? { fromDate: after.slice(0, 10) } : {}),
  ...(before ? { toDate: before.slice(0, 10) } : {}),
});

export interface BatchFilter {
  status?: BatchStatus;
  productId?: string;
  expiry: ExpiryWindow;
  search?: string;
  /** ISO instant: the batch's own updatedAt at or after it. */
  modifiedSince?: string;
}

/**
 * The list filters applied to one batch, for the reads that cannot put them in a query (the warehouse
 * filter and the updatedAt index); the index reads apply the same rules as key conditions and filters.
 * With an expiry bound, lots without an expiry never match.
 */
export function matchesBatchFilter(
  batch: Pick<Batch, 'status' | 'productId' | 'expiryDate' | 'batchNumber' | 'updatedAt'>,
  filter: BatchFilter,
): boolean {
  const { fromDate, toDate } = filter.expiry;
  if (filter.status && batch.status !== filter.status) return false;
  if (filter.productId && batch.productId !== filter.productId) return false;
  if ((fromDate || toDate) && batch.expiryDate === null) return false;
  if (fromDate && batch.expiryDate! < fromDate) return false;
  if (toDate && batch.expiryDate! > toDate) return false;
  if (filter.search && !batch.batchNumber.toLowerCase().includes(filter.search.toLowerCase())) return false;
  if (filter.modifiedSince && batch.updatedAt < filter.modifiedSince) return false;
  return true;
}
