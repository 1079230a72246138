/**
 * The key lives in this tab's sessionStorage only: never a cookie (no request carries it by itself, so no
 * CSRF) and never the URL (no history, log or referrer holds it). Closing the tab forgets it.
 */
const SLOT = 'stockflow.console.apiKey';

export const storedKey = (): string | null => sessionStorage.getItem(SLOT);
export const storeKey = (key: string): void => sessionStorage.setItem(SLOT, key);
export const forgetKey = (): void => sessionStorage.removeItem(SLOT);

/** Raised by any query or action answered 401: the key was revoked or expired meanwhile. */
export const UNAUTHORISED_EVENT = 'console:unauthorised';
