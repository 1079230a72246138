/**
 * What a tenant sets of its own organisation (design.md section 7), one step per change for both doors:
 * `org set-credit-mode` and `PUT /organisation`, `org set-exchange-rate` and `PUT
 * /exchange-rates/{currency}`. Each write carries its audit entry in the same transaction. Limits and the
 * base currency stay the operator's (`org create`, `org set-limits`).
 */
import type { CreditLimitMode } from '../../../../domain/sales-orders/confirm.js';
import { unprocessable } from '../../../../domain/errors.js';
import { loadOrganisationLimits } from '../../../platform/access/rate-limits.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { NO_PRECONDITIONS, type Preconditions } from '../../../platform/http/etag.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import {
  readOrganisation,
  requireOrganisation,
  type VersionedOrganisation,
} from '../back-office/organisations.js';
import { exchangeRatePut, listExchangeRates, type ExchangeRate } from '../store/exchange-rates.js';
import { creditLimitModeUpdate } from '../store/settings.js';

/** An ISO 4217 code as the back office and the API take it: three upper-case letters. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * GET /organisation: the organisation with its rates and limits, each read by key, and the version of its
 * settings that tags it (rates and limits move only the ETag's digest: a PUT cannot overwrite them).
 * `written`: the organisation as a write has just left it (PUT /organisation), not read a second time.
 */
export async function organisationSettings(orgId: string, written?: VersionedOrganisation) {
  const [{ organisation, version }, rates, rateLimits] = await Promise.all([
    written ?? readOrganisation(orgId),
    listExchangeRates(orgId),
    loadOrganisationLimits(orgId),
  ]);
  const body = {
    id: organisation.id,
    name: organisation.name,
    baseCurrency: organisation.baseCurrency,
    creditLimitMode: organisation.creditLimitMode,
    exchangeRates: rates.map(({ currency, rate, updatedAt }) => ({ currency, rate, updatedAt })),
    rateLimits,
  };
  return { body, version };
}

/**
 * BLOCK refuses confirming over the credit limit, WARN confirms with a warning (design.md section 5).
 * Without a mode nothing is written, but the preconditions are still checked (a stale If-Match is 412).
 * Returns the organisation as the write left it: both doors answer with it instead of reading it again.
 */
export async function setCreditLimitMode(
  orgId: string,
  mode: CreditLimitMode | undefined,
  context: WriteContext = backOfficeContext(orgId),
  preconditions: Preconditions = NO_PRECONDITIONS,
): Promise<VersionedOrganisation> {
  return writeOptimistically({
    run: async () => {
      const read = await readOrganisation(orgId);
      const { version } = read;
      // The update is conditioned on this version, so a matching If-Match holds until it commits.
      preconditions.checkVersion(version);
      if (mode === undefined) return read;
      await transact([
        creditLimitModeUpdate(orgId, mode, version),
        ...context.journal.items({
          audit: [
            {
              resourceType: 'organisation',
              resourceId: orgId,
              action: 'update',
              changedFields: ['creditLimitMode'],
            },
          ],
        }),
      ]);
      // The update sets the mode and moves the version, nothing else: what it committed is known.
      return { organisation: { ...read.organisation, creditLimitMode: mode }, version: version + 1 };
    },
    onExhausted: () => context.exhausted('The organisation kept changing while it was updated'),
  });
}

/**
 * Base-currency units per one unit of `currency`, used by goods receipts of orders in it to cost the stock
 * received. The base currency itself needs no rate (refused). The caller checked the code's shape.
 */
export async function setExchangeRate(
  orgId: string,
  currency: string,
  rate: number,
  context: WriteContext = backOfficeContext(orgId),
): Promise<ExchangeRate> {
  const organisation = await requireOrganisation(orgId);
  if (currency === organisation.baseCurrency) {
    throw unprocessable(`${currency} is the organisation's base currency; it needs no exchange rate`);
  }
  const record: ExchangeRate = {
    currency,
    rate,
    baseCurrency: organisation.baseCurrency,
    updatedAt: context.now.toISOString(),
  };
  await transact([
    exchangeRatePut(orgId, record),
    ...context.journal.items({
      audit: [
        { resourceType: 'exchange_rate', resourceId: currency, action: 'set', changedFields: ['rate'] },
      ],
    }),
  ]);
  return record;
}
