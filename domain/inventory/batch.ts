export const BATCH_STATUSES = ['ACTIVE', 'QUARANTINED', 'EXPIRED', 'RECALLED', 'CONSUMED'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

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
