/**
 * A detail screen: the record read once with its ETag (useDetail), its fields as a description list
 * (<Fields>), and its actions (<ActionBar>, ui/actions.tsx) fed the status and ETag it was read with.
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { withEtag, type ApiClient } from '../../client/index.js';
import { useApi } from '../session/session.js';

interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The record and the ETag its GET answered: `useDetail(['sales-orders', id], (api) =>
 * api.GET('/sales-orders/{id}', { params: { path: { id } } }))`.
 */
export function useDetail<R extends FetchResult>(queryKey: QueryKey, read: (api: ApiClient) => Promise<R>) {
  const api = useApi();
  return useQuery({ queryKey: [...queryKey, 'detail'], queryFn: () => withEtag(read(api)) });
}

/** Label and value pairs, two columns on a wide screen, stacked on a phone. */
export function Fields({ items }: { items: readonly [label: string, value: ReactNode][] }) {
  return (
    <dl className="fields">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
