/**
 * The currencies an organisation, a customer, a supplier and their documents may use. Not the customer's
 * alone: goods receipts read the exchange rate of each, and organisations pick their base currency here.
 */
export const CURRENCIES = ['NZD', 'AUD', 'USD', 'GBP', 'EUR', 'CAD', 'SGD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];
