import type { CustomerState } from '../../../domain/customers/customer.js';
import { invalidReference } from '../../../domain/errors.js';
import { priceTierKey } from '../pricing/public.js';
import { rawItem, readBatch, type Key } from '../../platform/dynamo/read-batch.js';
import { customerKey } from './store/customers.js';
import { customerGroups, salesReps } from './store/sales-reference.js';

const REFERENCES = {
  priceTierId: { resource: 'active price tier', key: priceTierKey },
  customerGroupId: { resource: 'active customer group', key: customerGroups.key },
  salesRepId: { resource: 'active sales rep', key: salesReps.key },
  parentCustomerId: {
    resource: 'active head office without a parent',
    key: (orgId: string, id: string) => customerKey(orgId, id),
  },
} as const satisfies Record<string, { resource: string; key: (orgId: string, id: string) => Key }>;
type ReferenceField = keyof typeof REFERENCES;

/** What a referenced record must be beyond existing: active, and for a parent an unparented head office. */
const acceptable = (field: ReferenceField, item: Record<string, unknown>): boolean =>
  item.isActive !== false &&
  (field !== 'parentCustomerId' || (item.isHeadOffice === true && (item.parentCustomerId ?? null) === null));

/**
 * Checks, in one batch read, every reference this write sets or changes (422 invalid_reference naming the
 * field). Unchanged references are not re-checked, so a customer whose group was later deactivated can
 * still be edited.
 */
export async function checkReferences(
  orgId: string,
  next: CustomerState,
  previous: CustomerState | null,
): Promise<void> {
  const fields = (Object.keys(REFERENCES) as ReferenceField[]).filter(
    (f) => next[f] !== null && next[f] !== previous?.[f],
  );
  if (fields.length === 0) return;
  const keyOf = (f: ReferenceField) => REFERENCES[f].key(orgId, next[f]!);
  const b = readBatch();
  const reads = fields.map((field) => [field, b.get(rawItem, keyOf(field))] as const);
  await b.run();
  for (const [field, { value: item }] of reads) {
    if (!item || !acceptable(field, item) || (field === 'parentCustomerId' && next[field] === next.id)) {
      throw invalidReference(field, REFERENCES[field].resource);
    }
  }
}

export const referenceError = (field: ReferenceField) => invalidReference(field, REFERENCES[field].resource);
