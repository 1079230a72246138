import { BackOfficeError } from '../../../platform/back-office/actor.js';
import { UsageError } from '../../../platform/back-office/command.js';
import { putExchangeRate, type ExchangeRate } from '../store/exchange-rates.js';
import { requireOrganisation } from './organisations.js';

/** An ISO 4217 code as the back office takes it: three upper-case letters. */
const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * `org set-exchange-rate --currency C --rate R`: base-currency units per one unit of C, used by goods
 * receipts of orders in C to cost the stock received. The base currency itself needs no rate (refused).
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
  const organisation = await requireOrganisation(orgId);
  if (currency === organisation.baseCurrency) {
    throw new BackOfficeError(`${currency} is the organisation's base currency; it needs no exchange rate`);
  }
  const record: ExchangeRate = {
    currency,
    rate,
    baseCurrency: organisation.baseCurrency,
    updatedAt: new Date().toISOString(),
  };
  await putExchangeRate(orgId, record);
  return record;
}
