/** A supplier's price for one product (a price-list row). */
export interface SupplierPrice {
  productId: string;
  supplierSku: string | null;
  supplierPrice: number;
  leadTimeDays: number | null;
  minOrderQty: number | null;
  isPreferred: boolean;
}

/** The spec caps the embedded price list at 500 rows. */
export const PRICE_LIST_CAP = 500;

/** Preferred first, then cheapest, then by product id so the order is stable; capped, with the total. */
export function priceListView<T extends SupplierPrice>(
  rows: T[],
): { priceList: T[]; priceListTruncated: boolean; priceListTotal: number } {
  const ordered = [...rows].sort(
    (a, b) =>
      Number(b.isPreferred) - Number(a.isPreferred) ||
      a.supplierPrice - b.supplierPrice ||
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
  );
  return {
    priceList: ordered.slice(0, PRICE_LIST_CAP),
    priceListTruncated: ordered.length > PRICE_LIST_CAP,
    priceListTotal: ordered.length,
  };
}
