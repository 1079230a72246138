import { createId } from '@paralleldrive/cuid2';
import { newBatch, uniqueBatchNumber } from '../../../../domain/inventory/batch.js';
import { parseInstant } from '../../../../domain/listing/query-params.js';
import { batchCreateItems } from '../store/batches.js';
import { getProduct } from '../../products/store/products.js';
import { backOfficeJournal, BackOfficeError, transactOrRefuse } from '../../../platform/back-office/actor.js';

/** A lot import: an empty ACTIVE batch of a product, ready to receive stock (adjustments, later receipts). */
export async function createBatch(input: {
  orgId: string;
  productId: string;
  batchNumber: string;
  expiryDate?: string;
}) {
  const product = await getProduct(input.orgId, input.productId);
  if (!product) throw new BackOfficeError(`product ${input.productId} not found`);
  const batchNumber = input.batchNumber.trim();
  if (batchNumber.length === 0 || batchNumber.length > 100)
    throw new BackOfficeError('--number must be 1-100 characters');
  let expiryDate: string | null = null;
  if (input.expiryDate !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expiryDate) || !parseInstant(input.expiryDate)) {
      throw new BackOfficeError('--expiry must be a date (YYYY-MM-DD)');
    }
    expiryDate = input.expiryDate;
  }
  const now = new Date().toISOString();
  const batch = newBatch({ batchNumber, productId: product.id, expiryDate }, { id: createId(), now });
  await transactOrRefuse(
    [
      ...batchCreateItems(input.orgId, batch),
      ...backOfficeJournal(input.orgId, new Date(now)).items({
        audit: [
          {
            resourceType: 'batch',
            resourceId: batch.id,
            action: 'create',
            changedFields: ['batchNumber', 'expiryDate'],
          },
        ],
      }),
    ],
    `a batch numbered '${uniqueBatchNumber(batchNumber)}' already exists`,
  );
  const { version: _v, ...view } = batch;
  return { ...view, product: { id: product.id, sku: product.sku, name: product.name } };
}
