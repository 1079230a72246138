import { useQuery } from '@tanstack/react-query';
import { ok } from '../../../client/index.js';
import { useApi, useCan } from '../../session/session.js';

/**
 * The organisation's base currency (lot costs and stock values are in it), when the key may read the
 * organisation (`org.manage`); undefined otherwise, and amounts then show as plain numbers.
 */
export function useBaseCurrency(): string | undefined {
  const api = useApi();
  const allowed = useCan()('GET /organisation');
  const query = useQuery({
    queryKey: ['organisation', 'base-currency'],
    queryFn: () => ok(api.GET('/organisation')),
    enabled: allowed,
    staleTime: 300_000,
  });
  return query.data?.baseCurrency;
}
