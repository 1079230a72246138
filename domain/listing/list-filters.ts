// The comma-list and date-bound parsers live with the query kinds that use them (query-params.ts).
export { commaList, dateBound } from './query-params.js';

/** cuid2-shaped ids: a lowercase letter, then lowercase letters and digits. */
export const looksLikeCuid = (value: string): boolean => /^[a-z][a-z0-9]{1,63}$/.test(value);
