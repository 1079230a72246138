/** The query key prefix of everything read from /shipments: an action invalidates it all. */
export const SHIPMENTS = ['shipments'] as const;
