/** The event catalogue of the spec (document 1, Events). */
export const EVENT_TYPES = [
  'stock.level_changed',
  'sales_order.created',
  'sales_order.confirmed',
  'sales_order.dispatched',
  'sales_order.completed',
  'sales_order.cancelled',
  'purchase_order.created',
  'purchase_order.approved',
  'purchase_order.received',
  'invoice.created',
  'invoice.payment_recorded',
  'product.created',
  'product.updated',
  'customer.created',
  'customer.updated',
  'credit_note.approved',
  'credit_note.voided',
  'batch.status_changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A domain event as queued in the outbox; the webhook body is built from it unchanged. */
export interface DomainEvent {
  id: string;
  event: EventType;
  occurredAt: string;
  orgId: string;
  data: { id: string } & Record<string, unknown>;
}
