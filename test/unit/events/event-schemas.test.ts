import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../domain/events.js';
import { ENDPOINTS } from '../../../functions/catalogue.js';
import { buildOpenApi } from '../../../functions/platform/openapi/build.js';
import { EVENT_SCHEMA_NAMES } from '../../../schemas/events.js';
import { schemaErrors } from '../../support/response-schema.js';

const doc = buildOpenApi(ENDPOINTS) as {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
  components: { schemas: Record<string, { oneOf?: unknown[]; discriminator?: unknown }> };
};

const envelope = (event: string, data: object) => ({
  id: 'evt_1',
  event,
  occurredAt: '2026-01-01T00:00:00.000Z',
  orgId: 'org_1',
  data,
});

const creditNote = {
  id: 'cn1',
  creditNoteNumber: 'CN-000001',
  customerId: 'c1',
  invoiceId: 'inv1',
  totalAmount: 10,
  returnStock: false,
  warehouseId: null,
};

describe('event payload schemas', () => {
  it('publish one webhook per event type, and GET /events items as the union discriminated by event', () => {
    expect(Object.keys(doc.webhooks)).toEqual([...EVENT_TYPES]);
    for (const type of EVENT_TYPES) {
      expect(doc.webhooks[type]!.post.requestBody.content['application/json']!.schema).toEqual({
        $ref: `#/components/schemas/${EVENT_SCHEMA_NAMES[type]}`,
      });
    }
    const union = doc.components.schemas['EventEnvelope']!;
    expect(union.oneOf).toHaveLength(EVENT_TYPES.length);
    expect(union.discriminator).toEqual({
      propertyName: 'event',
      mapping: Object.fromEntries(
        EVENT_TYPES.map((type) => [type, `#/components/schemas/${EVENT_SCHEMA_NAMES[type]}`]),
      ),
    });
  });

  it('refuse a member too many, a missing one, and the data of another type', () => {
    expect(
      schemaErrors('ProductCreatedEvent', envelope('product.created', { id: 'p1', sku: 'P-1' })),
    ).toEqual(["/data must NOT have additional properties 'sku'"]);
    expect(
      schemaErrors(
        'PurchaseOrderCreatedEvent',
        envelope('purchase_order.created', { id: 'po1', orderNumber: 'PO-1' }),
      ),
    ).toEqual(["/data must have required property 'supplierId'"]);
    expect(schemaErrors('EventEnvelope', envelope('sales_order.completed', { id: 'so1' }))).not.toEqual([]);
  });

  it("take a credit note's invoice status and balance together or not at all", () => {
    const approved = (data: object) => schemaErrors('EventEnvelope', envelope('credit_note.approved', data));
    expect(approved(creditNote)).toEqual([]);
    expect(approved({ ...creditNote, invoiceStatus: 'PAID', invoiceBalanceDue: 0 })).toEqual([]);
    expect(approved({ ...creditNote, invoiceStatus: 'PAID' })).not.toEqual([]);
  });
});
