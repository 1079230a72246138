/**
 * What other areas may use of organisations: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export { requireOrganisation } from './back-office/organisations.js';
export { exchangeRateKey, exchangeRateOf } from './store/exchange-rates.js';
export { getCreditLimitMode, organisationKey } from './store/settings.js';
export { organisationIdsPage } from './store/registry.js';
