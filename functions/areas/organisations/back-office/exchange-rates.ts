import { UsageError } from '../../../platform/back-office/command.js';
import type { ExchangeRate } from '../store/exchange-rates.js';
import { CURRENCY_CODE, setExchangeRate } from '../steps/organisation.js';

/**
 * `org set-exchange-rate --currency C --rate R`: the flags checked here, then the same step as `PUT
 * /exchange-rates/{currency}` (steps/organisation.ts).
 */
export async function setOrganisationExchangeRate(
  orgId: string,
  currency: string,
  rateText: string,
): Promise<ExchangeRate> {
  if (!CURRENCY_CODE.test(currency)) {
    throw new UsageError('--currency must be an ISO 4217 code of three upper-case letters (USD)');
  }
  const rate = Number(rateText);
  if (rateText.trim() === '' || !Number.isFinite(rate) || rate <= 0) {
    throw new UsageError('--rate must be a number > 0 (base-currency units per one unit of --currency)');
  }
  return setExchangeRate(orgId, currency, rate);
}
