import { useId, useState, type FormEvent } from 'react';
import { CURRENCIES } from '../../../../domain/currency.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import './organisation.css';

type Settings = Schemas['OrganisationSettings'];
type Mode = Settings['creditLimitMode'];
type Rate = Settings['exchangeRates'][number];

/** The query key prefix of what is read from /organisation (the base currency hook's too). */
const ORGANISATION = ['organisation'] as const;

const MODES: readonly { value: Mode; label: string; hint: string }[] = [
  {
    value: 'WARN',
    label: 'Warn',
    hint: 'An order over the customer’s credit limit is confirmed, and the audit log records a warning.',
  },
  {
    value: 'BLOCK',
    label: 'Block',
    hint: 'An order that would take the customer over their credit limit is refused at confirm.',
  },
];

/** The credit-limit mode, the one setting the organisation changes itself (PUT /organisation). */
function CreditModeForm({ settings, etag }: { settings: Settings; etag: string | null }) {
  const id = useId();
  const [mode, setMode] = useState<Mode>(settings.creditLimitMode);
  const save = useAction<void, Settings>({
    run: (api, _input, headers) => ok(api.PUT('/organisation', { headers, body: { creditLimitMode: mode } })),
    etag,
    invalidates: [ORGANISATION],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="action-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Credit limit</h2>
      <fieldset>
        <legend>When an order would take a customer over their credit limit</legend>
        {MODES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.value}
              checked={mode === option.value}
              aria-describedby={`${id}-${option.value}`}
              onChange={() => {
                save.reset();
                setMode(option.value);
              }}
            />
            {option.label}
            <small id={`${id}-${option.value}`} className="option-hint">
              {option.hint}
            </small>
          </label>
        ))}
      </fieldset>
      {save.isError && <ErrorMessage error={save.error} title="The setting was not saved" />}
      {save.isSuccess && <p role="status">Saved: {MODES.find((m) => m.value === mode)?.label}.</p>}
      <div className="actions">
        <button
          type="submit"
          aria-busy={save.isPending}
          disabled={save.isPending || mode === settings.creditLimitMode}
        >
          Save credit limit mode
        </button>
      </div>
    </form>
  );
}

/** Sets the rate of one foreign currency (PUT /exchange-rates/{currency}). */
function ExchangeRateForm({ settings }: { settings: Settings }) {
  const id = useId();
  const foreign = CURRENCIES.filter((currency) => currency !== settings.baseCurrency);
  const [currency, setCurrency] = useState<string>(foreign[0] ?? '');
  const known = (code: string) => settings.exchangeRates.find((rate) => rate.currency === code);
  const [rate, setRate] = useState(String(known(currency)?.rate ?? ''));
  const set = useAction<void, Schemas['ExchangeRate']>({
    run: (api, _input, headers) =>
      ok(
        api.PUT('/exchange-rates/{currency}', {
          params: { path: { currency } },
          headers,
          body: { rate: Number(rate) },
        }),
      ),
    invalidates: [ORGANISATION],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set.mutate();
  };
  return (
    <form className="action-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Set an exchange rate</h2>
      <div className="grid">
        <label htmlFor={`${id}-currency`}>
          Currency
          <select
            id={`${id}-currency`}
            value={currency}
            onChange={(event) => {
              set.reset();
              setCurrency(event.target.value);
              setRate(String(known(event.target.value)?.rate ?? ''));
            }}
          >
            {foreign.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-rate`}>
          {settings.baseCurrency} per 1 {currency}
          <input
            id={`${id}-rate`}
            type="number"
            inputMode="decimal"
            min="0"
            step="any"
            required
            value={rate}
            onChange={(event) => {
              set.reset();
              setRate(event.target.value);
            }}
          />
        </label>
      </div>
      <small>Purchase orders in {currency} cost their received stock at this rate.</small>
      {set.isError && <ErrorMessage error={set.error} title="The rate was not set" />}
      {set.isSuccess && (
        <p role="status">
          1 {set.data.currency} = {set.data.rate} {set.data.baseCurrency} from now on.
        </p>
      )}
      <div className="actions">
        <button type="submit" aria-busy={set.isPending} disabled={set.isPending}>
          Set rate
        </button>
      </div>
    </form>
  );
}

/**
 * The organisation's settings: name, base currency and rate limits (the operator's, shown), the
 * credit-limit mode, and exchange rates.
 */
export function Organisation() {
  const can = useCan();
  const detail = useDetail(ORGANISATION, (api) => api.GET('/organisation'));
  if (detail.isPending) return <p aria-busy="true">Loading the organisation…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Organisation</h1>
        <ErrorMessage error={detail.error} />
      </section>
    );
  }
  const settings = detail.data.data;
  const rateColumns: readonly Column<Rate>[] = [
    { header: 'Currency', cell: (row) => row.currency },
    { header: `${settings.baseCurrency} per 1`, cell: (row) => row.rate, numeric: true },
    { header: 'Set', cell: (row) => formatDateTime(row.updatedAt), secondary: true },
  ];
  return (
    <section aria-busy={detail.isFetching}>
      <header className="screen-header">
        <h1>{settings.name}</h1>
        <p className="lead">The organisation’s settings.</p>
      </header>
      <Fields
        items={[
          ['Base currency', settings.baseCurrency],
          ['Requests a minute, per key', formatQuantity(settings.rateLimits.perKey)],
          ['Requests a minute, whole organisation', formatQuantity(settings.rateLimits.perOrg)],
        ]}
      />
      <p className="muted">
        The base currency and the request limits are set by the operator; ask them to change one.
      </p>
      {can('PUT /organisation') ? (
        <CreditModeForm settings={settings} etag={detail.data.etag} />
      ) : (
        <Fields items={[['Credit limit mode', settings.creditLimitMode === 'BLOCK' ? 'Block' : 'Warn']]} />
      )}
      <h2 className="group-title">Exchange rates</h2>
      <DataTable
        caption="Exchange rates"
        captionHidden
        columns={rateColumns}
        rows={settings.exchangeRates}
        rowKey={(row) => row.currency}
        busy={false}
        error={null}
        empty={`No rates yet: an order in another currency than ${settings.baseCurrency} needs one.`}
        bareWhenEmpty
      />
      {can('PUT /exchange-rates/{currency}') && <ExchangeRateForm settings={settings} />}
    </section>
  );
}
