/**
 * Which serial numbers a pick allocates (design.md section 5: picking "allocates lots FEFO (or the given
 * lots) and serials"). The pick decides the lots and quantities (FEFO from the reservations, or the lot
 * named); the serials follow it: per line and lot, the ones the picker named, or else the oldest received
 * AVAILABLE units of that lot in the order's warehouse. Serial-tracked units are whole: a fractional pick
 * of a serial-tracked line is refused. The chosen serials become ALLOCATED with the pick as their source.
 */
import { unprocessable } from '../errors.js';
import { roundQuantity } from './stock.js';
import { normaliseSerial, transitionSerial, type SerialNumber, type SerialSource } from './serial.js';

export interface SerialPickLine {
  lineId: string;
  /** How messages name the line: `Line 2 (SKU-1)`. */
  label: string;
  productId: string;
  /** What the pick took for the line, per lot (null: the product is not lot-tracked). */
  picked: { batchId: string | null; batchNumber: string | null; quantity: number }[];
  /** The serial numbers the picker named for the line, or null to let the pick choose. */
  named: string[] | null;
}

export interface SerialAllocationFacts {
  warehouseId: string;
  /** Named serials found, by `<productId>|<normalised serial>`. */
  named: Map<string, SerialNumber>;
  /** Per product, AVAILABLE candidates in the warehouse, oldest received first. */
  candidates: Map<string, SerialNumber[]>;
}

export const namedSerialKey = (productId: string, serialNumber: string) =>
  `${productId}|${normaliseSerial(serialNumber)}`;

const lotName = (batchNumber: string | null) => (batchNumber ? ` of lot ${batchNumber}` : '');

/** The whole units a line picked per lot; 422 for a fraction. */
function wholeUnits(line: SerialPickLine): Map<string | null, number> {
  const perLot = new Map<string | null, number>();
  for (const p of line.picked)
    perLot.set(p.batchId, roundQuantity((perLot.get(p.batchId) ?? 0) + p.quantity));
  for (const quantity of perLot.values()) {
    if (!Number.isInteger(quantity)) {
      throw unprocessable(`${line.label} is serial-tracked: pick whole units (${quantity} asked)`);
    }
  }
  return perLot;
}

function namedSerials(
  line: SerialPickLine,
  named: string[],
  facts: SerialAllocationFacts,
  used: Set<string>,
) {
  const perLot = wholeUnits(line);
  const total = [...perLot.values()].reduce((s, q) => s + q, 0);
  if (named.length !== total) {
    throw unprocessable(`${line.label}: ${named.length} serial numbers given for ${total} units picked`);
  }
  const chosen: SerialNumber[] = [];
  const counted = new Map<string | null, number>();
  for (const serialNumber of named) {
    const serial = facts.named.get(namedSerialKey(line.productId, serialNumber));
    if (!serial)
      throw unprocessable(`${line.label}: serial number ${serialNumber} is not one of the product's`);
    if (used.has(serial.id))
      throw unprocessable(`${line.label}: serial number ${serialNumber} is given twice`);
    if (serial.status !== 'AVAILABLE') {
      throw unprocessable(
        `Serial number ${serial.serialNumber} is ${serial.status}; only AVAILABLE units can be picked`,
      );
    }
    if (serial.warehouseId !== facts.warehouseId) {
      throw unprocessable(`Serial number ${serial.serialNumber} is not in the order's warehouse`);
    }
    used.add(serial.id);
    counted.set(serial.batchId, (counted.get(serial.batchId) ?? 0) + 1);
    chosen.push(serial);
  }
  for (const p of line.picked) {
    if ((counted.get(p.batchId) ?? 0) !== perLot.get(p.batchId)) {
      throw unprocessable(
        `${line.label}: the serial numbers given do not match the ${perLot.get(p.batchId)} unit(s)${lotName(p.batchNumber)} picked`,
      );
    }
  }
  return chosen;
}

function chooseSerials(line: SerialPickLine, facts: SerialAllocationFacts, used: Set<string>) {
  const perLot = wholeUnits(line);
  const candidates = facts.candidates.get(line.productId) ?? [];
  const chosen: SerialNumber[] = [];
  for (const [batchId, quantity] of perLot) {
    const free = candidates.filter(
      (s) =>
        s.status === 'AVAILABLE' &&
        s.warehouseId === facts.warehouseId &&
        s.batchId === batchId &&
        !used.has(s.id),
    );
    if (free.length < quantity) {
      const batchNumber = line.picked.find((p) => p.batchId === batchId)?.batchNumber ?? null;
      throw unprocessable(
        `${line.label} is serial-tracked: ${free.length} AVAILABLE serial number(s)${lotName(batchNumber)} in the warehouse for ${quantity} unit(s) picked`,
      );
    }
    for (const serial of free.slice(0, quantity)) {
      used.add(serial.id);
      chosen.push(serial);
    }
  }
  return chosen;
}

/** The serials each line allocates, as their ALLOCATED records (history entry naming `source`). */
export function allocateSerials(
  lines: SerialPickLine[],
  facts: SerialAllocationFacts,
  at: string,
  source: SerialSource,
): Map<string, SerialNumber[]> {
  const used = new Set<string>();
  const allocated = new Map<string, SerialNumber[]>();
  for (const line of lines) {
    const chosen = line.named
      ? namedSerials(line, line.named, facts, used)
      : chooseSerials(line, facts, used);
    allocated.set(
      line.lineId,
      chosen.map((s) => transitionSerial(s, 'ALLOCATED', at, source)),
    );
  }
  return allocated;
}

/**
 * The serials a dispatch sells from a line: its ALLOCATED serials in allocation order, one per whole
 * unit dispatched (422 for a fraction of a serial-tracked line).
 */
export function serialsToSell(label: string, allocated: SerialNumber[], quantity: number): SerialNumber[] {
  if (!Number.isInteger(roundQuantity(quantity))) {
    throw unprocessable(`${label} is serial-tracked: dispatch whole units (${quantity} asked)`);
  }
  return allocated.filter((s) => s.status === 'ALLOCATED').slice(0, roundQuantity(quantity));
}
