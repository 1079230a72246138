/** The query key prefixes of procure-to-pay: an action invalidates everything read under them. */
export const PURCHASE_ORDERS = ['purchase-orders'] as const;
export const SUPPLIERS = ['suppliers'] as const;
