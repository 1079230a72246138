/**
 * The sales order's state machine (spec: States and transitions > Sales order; design.md section 5 for
 * the back office's pick and pack). Every transition is checked here and written conditioned on the
 * status and version it was read at.
 */
import type { Transitions } from '../workflow/transitions.js';
import type { SalesOrderStatus } from './order.js';

export const SALES_ORDER_RESOURCE = 'Sales order';

export const SALES_ORDER_TRANSITIONS = {
  confirm: { from: ['DRAFT'], to: 'CONFIRMED' },
  pick: { from: ['CONFIRMED', 'PICKING', 'PARTIALLY_DISPATCHED'], to: 'PICKING' },
  pack: { from: ['PICKING'], to: 'PACKED' },
  // The domain picks DISPATCHED or PARTIALLY_DISPATCHED; `to` names the usual outcome.
  dispatch: { from: ['PACKED', 'PARTIALLY_DISPATCHED'], to: 'DISPATCHED' },
  complete: { from: ['DISPATCHED'], to: 'COMPLETED' },
  cancel: { from: ['DRAFT', 'CONFIRMED', 'PICKING', 'PACKED'], to: 'CANCELLED' },
  // Shipments (domain/shipments): creating, picking and packing one; picking moves the order to PICKING.
  ship: { from: ['CONFIRMED', 'PICKING', 'PACKED', 'PARTIALLY_DISPATCHED'], to: 'PICKING' },
  // A shipment's dispatch: DISPATCHED once every stocked line is fully shipped, else the status stays.
  rollUp: { from: ['CONFIRMED', 'PICKING', 'PACKED'], to: 'DISPATCHED' },
  // A shipment's cancel: its units back on the order; CONFIRMED once nothing of the order is picked.
  unship: { from: ['CONFIRMED', 'PICKING', 'PACKED', 'PARTIALLY_DISPATCHED'], to: 'CONFIRMED' },
} as const satisfies Transitions<SalesOrderStatus>;

export type SalesOrderAction = keyof typeof SALES_ORDER_TRANSITIONS;
