/** The query key prefix of everything read from /customers: an action invalidates it all. */
export const CUSTOMERS = ['customers'] as const;
