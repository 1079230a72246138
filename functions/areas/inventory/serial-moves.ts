/**
 * The serial numbers that follow an order's fulfilment (spec: States and transitions > Serial number):
 * picking allocates them (AVAILABLE -> ALLOCATED), dispatch sells the allocated units of the dispatched
 * quantities (ALLOCATED -> SOLD, soldAt), cancel frees them (ALLOCATED -> AVAILABLE). Each change is the
 * serial's record replaced on the version read (history appended in the same record), as items of the
 * order's (or shipment's) own transaction, one item per serial and one per product (its serial counts,
 * store/serial-counts.ts): callers count them in their budget.
 */
import {
  allocateSerials,
  namedSerialKey,
  serialsToSell,
  type SerialPickLine,
} from '../../../domain/inventory/serial-allocation.js';
import {
  isAllocatedTo,
  transitionSerial,
  unallocateSerial,
  type SerialNumber,
  type SerialSource,
} from '../../../domain/inventory/serial.js';
import { unprocessable } from '../../../domain/errors.js';
import type { PickRequestLine } from '../../../domain/sales-orders/fulfilment.js';
import type { LineStock, SalesOrder, SalesOrderLine } from '../../../domain/sales-orders/order.js';
import { picksAdded } from '../../../domain/shipments/fulfilment.js';
import type { WriteItem } from '../../platform/dynamo/transact.js';
import type { ProductRecord } from '../products/public.js';
import {
  availableSerials,
  findProductSerials,
  getSerialsByIds,
  serialReplaceItem,
} from './store/serial-numbers.js';
import { serialCountMoves } from './store/serial-counts.js';

export const lineLabel = (line: SalesOrderLine) => `Line ${line.sortOrder} (${line.product.sku})`;

/** The changed serials' records and their products' count moves (one item each product). */
const replaceItems = (orgId: string, serials: SerialNumber[]): WriteItem[] => [
  ...serials.map((s) => serialReplaceItem(orgId, s)),
  ...serialCountMoves(orgId, serials),
];

/** The first of `serials` whose records and count moves (one per product) make at most `limit` items. */
function withinItems(serials: SerialNumber[], limit: number): SerialNumber[] {
  const products = new Set<string>();
  const taken: SerialNumber[] = [];
  for (const serial of serials) {
    const more = products.has(serial.productId) ? 1 : 2;
    if (taken.length + products.size + more > limit) break;
    taken.push(serial);
    products.add(serial.productId);
  }
  return taken;
}

/** The serial numbers the request names per line; 422 when a line names them for some picks only. */
function namedPerLine(request: PickRequestLine[] | undefined): Map<string, string[] | null> {
  const named = new Map<string, string[] | null>();
  for (const ask of request ?? []) {
    const had = named.get(ask.soLineId);
    const given = ask.serialNumbers ?? null;
    if (had !== undefined && (had === null) !== (given === null)) {
      throw unprocessable(
        `lines for ${ask.soLineId}: give serialNumbers with every pick of the line or with none`,
      );
    }
    named.set(ask.soLineId, had && given ? [...had, ...given] : given);
  }
  return named;
}

export interface PickedSerials {
  /** The serial ids each line allocated, in allocation order. */
  byLine: Map<string, string[]>;
  items: WriteItem[];
}

/**
 * The serials a pick allocates: for every serial-tracked line the pick took units of (what `decided`
 * picks beyond `read`), the serials named for it or the oldest AVAILABLE ones in the order's warehouse
 * of the lots picked (domain/inventory/serial-allocation.ts). Reads the named serials by their guards and
 * the candidates from each product's serial index, until enough are found.
 */
export async function pickSerials(
  orgId: string,
  input: {
    read: SalesOrder;
    decided: SalesOrder;
    request: PickRequestLine[] | undefined;
    records: Map<string, ProductRecord>;
    at: string;
    source: SerialSource;
  },
): Promise<PickedSerials> {
  const { read, decided } = input;
  const warehouseId = read.warehouseId!;
  const added = picksAdded(read.picks, decided.picks);
  const named = namedPerLine(input.request);
  const lines: SerialPickLine[] = [];
  for (const line of read.lines) {
    if (line.isServiceLine || !input.records.get(line.productId)?.requiresSerialTracking) {
      if (named.get(line.id)) {
        throw unprocessable(
          `${lineLabel(line)}: the product is not serial-tracked; pick it without serialNumbers`,
        );
      }
      continue;
    }
    const picked = added.filter((p: LineStock) => p.lineId === line.id);
    if (picked.length === 0) continue;
    lines.push({
      lineId: line.id,
      label: lineLabel(line),
      productId: line.productId,
      picked: picked.map((p) => ({ batchId: p.batchId, batchNumber: p.batchNumber, quantity: p.quantity })),
      named: named.get(line.id) ?? null,
    });
  }
  if (lines.length === 0) return { byLine: new Map(), items: [] };

  const namedFound = new Map<string, SerialNumber>();
  const wanted = new Map<string, Map<string | null, number>>();
  for (const line of lines) {
    if (line.named) continue;
    const perLot = wanted.get(line.productId) ?? new Map<string | null, number>();
    for (const p of line.picked) perLot.set(p.batchId, (perLot.get(p.batchId) ?? 0) + p.quantity);
    wanted.set(line.productId, perLot);
  }
  const byProduct = new Map<string, string[]>();
  for (const line of lines) {
    if (line.named) byProduct.set(line.productId, [...(byProduct.get(line.productId) ?? []), ...line.named]);
  }
  const [namedReads, candidateReads] = await Promise.all([
    Promise.all(
      [...byProduct].map(async ([productId, numbers]) => ({
        productId,
        found: await findProductSerials(orgId, productId, numbers),
      })),
    ),
    Promise.all(
      [...wanted].map(async ([productId, perLot]) => {
        const enough = (found: SerialNumber[]) =>
          [...perLot].every(([lot, n]) => found.filter((s) => s.batchId === lot).length >= n);
        return [productId, await availableSerials(orgId, productId, warehouseId, enough)] as const;
      }),
    ),
  ]);
  for (const { productId, found } of namedReads) {
    for (const serial of found.values())
      namedFound.set(namedSerialKey(productId, serial.serialNumber), serial);
  }
  const allocated = allocateSerials(
    lines,
    { warehouseId, named: namedFound, candidates: new Map(candidateReads) },
    input.at,
    input.source,
  );
  return {
    byLine: new Map([...allocated].map(([lineId, serials]) => [lineId, serials.map((s) => s.id)])),
    items: replaceItems(orgId, [...allocated.values()].flat()),
  };
}

/** `lines` with the serials of `byLine` appended to their serialNumberIds. */
export function withSerials<L extends { serialNumberIds: string[] }>(
  lines: L[],
  idOf: (line: L) => string,
  byLine: Map<string, string[]>,
): L[] {
  return lines.map((l) => {
    const ids = byLine.get(idOf(l));
    return ids && ids.length > 0 ? { ...l, serialNumberIds: [...l.serialNumberIds, ...ids] } : l;
  });
}

/**
 * The serials a dispatch sells: per line dispatched, its ALLOCATED serials in allocation order, one per
 * whole unit (a fraction of a serial-carrying line is 422). Lines without serials sell none.
 */
export async function sellSerials(
  orgId: string,
  dispatched: { line: SalesOrderLine; quantity: number }[],
  at: string,
  source: SerialSource,
): Promise<WriteItem[]> {
  const carrying = dispatched.filter((d) => d.line.serialNumberIds.length > 0);
  if (carrying.length === 0) return [];
  const serials = await getSerialsByIds(
    orgId,
    carrying.flatMap((d) => d.line.serialNumberIds),
  );
  const sold = carrying.flatMap((d) =>
    serialsToSell(
      lineLabel(d.line),
      d.line.serialNumberIds.flatMap((id) => serials.get(id) ?? []),
      d.quantity,
    ),
  );
  return replaceItems(
    orgId,
    sold.map((s) => transitionSerial(s, 'SOLD', at, source)),
  );
}

/** Every serial of `ids` still ALLOCATED, sold at `at` (a shipment's dispatch: its lines' serials). */
export async function sellAllocated(
  orgId: string,
  ids: readonly string[],
  at: string,
  source: SerialSource,
): Promise<WriteItem[]> {
  if (ids.length === 0) return [];
  const serials = await getSerialsByIds(orgId, ids);
  return replaceItems(
    orgId,
    [...serials.values()]
      .filter((s) => s.status === 'ALLOCATED')
      .map((s) => transitionSerial(s, 'SOLD', at, source)),
  );
}

/**
 * The order's serials a cancel frees (ALLOCATED -> AVAILABLE): those its lines carry that are still
 * allocated by the order's own picks (a serial freed by an earlier part of a cancel in parts, and taken
 * by another order since, is left alone). At most `limit` items (the serials and their products' count
 * moves), for a cancel that runs in parts.
 */
export async function releaseSerials(
  orgId: string,
  order: SalesOrder,
  at: string,
  limit = Infinity,
): Promise<{ items: WriteItem[]; left: number }> {
  const ids = order.lines.flatMap((l) => l.serialNumberIds);
  if (ids.length === 0) return { items: [], left: 0 };
  const serials = await getSerialsByIds(orgId, ids);
  const held = [...serials.values()].filter((s) => isAllocatedTo(s, new Set([order.id])));
  const now = withinItems(held, limit);
  return {
    items: replaceItems(
      orgId,
      now.map((s) => transitionSerial(s, 'AVAILABLE', at, { type: 'sales_order', id: order.id })),
    ),
    left: held.length - now.length,
  };
}

/**
 * The serials a shipment's cancel puts back (domain unallocateSerial): each of `ids` still ALLOCATED by
 * the shipment's pick returns to the status the pick took it from (AVAILABLE), one item per serial.
 */
export async function returnSerials(
  orgId: string,
  ids: readonly string[],
  holderId: string,
  at: string,
  source: SerialSource,
): Promise<WriteItem[]> {
  if (ids.length === 0) return [];
  const serials = await getSerialsByIds(orgId, ids);
  return replaceItems(
    orgId,
    [...serials.values()].flatMap((s) => unallocateSerial(s, holderId, at, source) ?? []),
  );
}
