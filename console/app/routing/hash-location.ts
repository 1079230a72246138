/**
 * Where the console is, kept in the URL's fragment: `<base>/console#/sales-orders/abc?status=DRAFT`.
 * The API serves one page at `<base>/console`, so a reload or a shared link of any screen loads that page,
 * and the relative URLs of its files and of the API never change with the screen (docs/decisions.md).
 *
 * wouter's own hash hook keeps a screen's query in the page's real query string, which the page's next
 * navigation carries along to other screens; this one keeps it inside the fragment, after the path, so
 * each screen's filters stay its own. wouter does the routing; this only reads and writes the fragment.
 */
import { useSyncExternalStore } from 'react';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';

const fragment = () => location.hash.replace(/^#\/?/, '/');
const pathOf = () => fragment().split('?')[0] ?? '/';
const searchOf = () => fragment().split('?')[1] ?? '';

const subscribe = (onChange: () => void) => {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
};

/** Moves to `to` (a path with an optional `?query`), as a new history entry unless `replace`. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = to.startsWith('/') ? to : `/${to}`;
  const oldURL = location.href;
  history[options.replace ? 'replaceState' : 'pushState'](null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export const useHashPath: BaseLocationHook = () => [
  useSyncExternalStore(subscribe, pathOf),
  (to: string, options?: { replace?: boolean }) => navigate(to, options),
];

export const useHashSearch: BaseSearchHook = () => useSyncExternalStore(subscribe, searchOf);

/** What <Link href="/x"> renders as its href, so a link opens in a new tab too. */
export const hashHref = (href: string): string => `#${href}`;
