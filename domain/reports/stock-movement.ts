/**
 * GET /reports/stock-movement: the ledger's movements one row each, signed in base units (positive into a
 * location, negative out of it). A transfer moves stock out of one warehouse and into another, so it shows
 * as an OUT row at the source and an IN row at the destination.
 */

/** The spec's cap on the report; the newest rows are kept. */
export const MAX_MOVEMENT_ROWS = 1000;

export type MovementDirection = 'IN' | 'OUT';

export const directionOf = (quantityChange: number): MovementDirection => (quantityChange < 0 ? 'OUT' : 'IN');
