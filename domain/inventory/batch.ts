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
