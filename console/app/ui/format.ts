/** How numbers, money and dates read: the reader's own locale, exact amounts, no surprise rounding. */

const money = new Map<string, Intl.NumberFormat>();

/** An amount in its currency with the currency's own decimals, e.g. "NZ$1,234.50". */
export function formatMoney(amount: number, currency: string): string {
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    money.set(currency, format);
  }
  return format.format(amount);
}

const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
export const formatQuantity = (value: number): string => quantity.format(value);

const day = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date (an ISO date or instant), or an em dash for none. */
export const formatDate = (value: string | null | undefined): string =>
  value ? day.format(new Date(value.length === 10 ? `${value}T00:00:00` : value)) : '—';

export const formatDateTime = (value: string | null | undefined): string =>
  value ? moment.format(new Date(value)) : '—';

/** An API status as a person reads it: PARTIALLY_DISPATCHED -> "Partially dispatched". */
export const humanise = (value: string): string => {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The local calendar date `days` from today, as the API's date filters take it (YYYY-MM-DD). */
export function isoDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
