import { CURRENCIES, type Currency } from '../../../domain/currency.js';
import { CUSTOMER_DEFAULTS } from '../../../domain/customers/customer.js';

/** The currencies the API accepts, as a select's options. */
export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/**
 * The currency a new customer or supplier starts in: the organisation's base currency when the key may
 * read it, the API's own default otherwise (the same for customers and suppliers).
 */
export const startingCurrency = (base: string | undefined): Currency =>
  CURRENCIES.find((currency) => currency === base) ?? CUSTOMER_DEFAULTS.currency;
