/**
 * A stock change applied as an increment rather than a replacement (issue 29 item 2): the writer adds its
 * change to the quantities as they are when the write lands, under a condition that states the stock rule
 * itself, so concurrent writers of one product's stock do not void each other's reads. Only a writer
 * whose change would break the rule on the quantities it meets fails, and then decides again (and gets
 * its 422 when the stock really is short).
 */
import { roundQuantity, type StockLevel, type StockLevels } from './stock.js';

/** One location's change between the levels read and the levels a plan decided. */
export interface LevelDelta {
  key: string;
  before: StockLevel;
  onHandDelta: number;
  reservedDelta: number;
}

/**
 * The changed locations of `next` against `before`, or null when a changed location is new (an increment
 * has nothing to add to: the whole stock is written instead).
 */
export function levelDeltas(before: StockLevels, next: StockLevels): LevelDelta[] | null {
  const deltas: LevelDelta[] = [];
  for (const [key, level] of Object.entries(next)) {
    const was = before[key];
    if (!was) return null;
    const onHandDelta = roundQuantity(level.onHand - was.onHand);
    const reservedDelta = roundQuantity(level.reserved - was.reserved);
    if (onHandDelta !== 0 || reservedDelta !== 0)
      deltas.push({ key, before: was, onHandDelta, reservedDelta });
  }
  return deltas;
}

/**
 * What a location must hold, before a change lands, for the change to keep planStockMovement's rules (on
 * hand and reserved never below zero, reserved never above on hand), given that they held before: reserved
 * at least what the change releases, and available (on hand - reserved) at least what it takes. On hand
 * needs no bound of its own: on hand = available + reserved. Null: no bound on that quantity.
 */
export function incrementGuard(
  onHandDelta: number,
  reservedDelta: number,
): { minReserved: number | null; minAvailable: number | null } {
  const takesAvailable = roundQuantity(reservedDelta - onHandDelta);
  return {
    minReserved: reservedDelta < 0 ? -reservedDelta : null,
    minAvailable: takesAvailable > 0 ? takesAvailable : null,
  };
}
