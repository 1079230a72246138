import { useQuery } from '@tanstack/react-query';
import { CURRENCIES, type Currency } from '../../../domain/currency.js';
import { CUSTOMER_DEFAULTS } from '../../../domain/customers/customer.js';
import { ok } from '../../client/index.js';
import { useApi, useCan } from '../session/session.js';

/** The currencies the API accepts, as a select's options. */
export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/**
 * The currency a new customer or supplier starts in: the organisation's base currency when the key may
 * read it, the API's own default otherwise (the same for customers and suppliers). Undefined while the
 * organisation is being read: a form opened on it must wait, or it would start in the wrong currency
 * (or, started again, lose what was typed).
 */
export function useStartingCurrency(): Currency | undefined {
  const api = useApi();
  const allowed = useCan()('GET /organisation');
  // The same query as screens/organisation/base-currency.ts: one read serves both.
  const organisation = useQuery({
    queryKey: ['organisation', 'base-currency'],
    queryFn: () => ok(api.GET('/organisation')),
    enabled: allowed,
    staleTime: 300_000,
  });
  if (allowed && organisation.isPending) return undefined;
  const base = organisation.data?.baseCurrency;
  return CURRENCIES.find((currency) => currency === base) ?? CUSTOMER_DEFAULTS.currency;
}
