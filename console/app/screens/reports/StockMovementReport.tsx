import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ok } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { BarChart } from '../../ui/BarChart.js';
import { formatDate, formatQuantity, isoDate } from '../../ui/format.js';
import { DataTable, useListParams, type Column } from '../../ui/list.js';

interface Day {
  day: string;
  in: number;
  out: number;
}

const DAY_COLUMNS: readonly Column<Day>[] = [
  { header: 'Day', cell: (row) => formatDate(row.day) },
  { header: 'In', cell: (row) => formatQuantity(row.in), numeric: true },
  { header: 'Out', cell: (row) => formatQuantity(Math.abs(row.out)), numeric: true },
  { header: 'Net', cell: (row) => formatQuantity(row.in + row.out), numeric: true },
];

/** The local calendar date of an instant, as YYYY-MM-DD. */
const localDay = (instant: string) => {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** Every calendar date from `from` to `to`, inclusive (at most a year). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const date = new Date(`${from}T12:00:00`);
  const end = new Date(`${to}T12:00:00`);
  while (date <= end && days.length < 366) {
    days.push(localDay(date.toISOString()));
    date.setDate(date.getDate() + 1);
  }
  return days;
}

/** Units in and out per day over a window: a chart of the ledger, and the same figures as a table. */
export function StockMovementReport() {
  const id = useId();
  const api = useApi();
  const [params, update] = useListParams();
  const from = params.filters.dateFrom ?? isoDate(-29);
  const to = params.filters.dateTo ?? isoDate(0);
  const [draft, setDraft] = useState({ from, to });
  const report = useQuery({
    queryKey: ['reports', 'stock-movement', from, to],
    queryFn: () =>
      ok(
        api.GET('/reports/stock-movement', {
          // The window in the reader's own days: from local midnight to the end of the last day.
          params: {
            query: {
              dateFrom: new Date(`${from}T00:00:00`).toISOString(),
              dateTo: new Date(`${to}T23:59:59.999`).toISOString(),
            },
          },
        }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ dateFrom: draft.from, dateTo: draft.to });
  };

  const byDay = new Map(daysBetween(from, to).map((day) => [day, { day, in: 0, out: 0 }]));
  for (const movement of report.data?.movements ?? []) {
    const row = byDay.get(localDay(movement.date));
    if (!row) continue;
    if (movement.quantityChange >= 0) row.in += movement.quantityChange;
    else row.out += movement.quantityChange;
  }
  const days = [...byDay.values()];
  const moved = days.filter((row) => row.in !== 0 || row.out !== 0);
  const totalIn = days.reduce((sum, row) => sum + row.in, 0);
  const totalOut = days.reduce((sum, row) => sum + row.out, 0);

  return (
    <section aria-busy={report.isFetching}>
      <header className="screen-header">
        <h1>Stock movement</h1>
        <p className="lead">
          Units received, made and returned (in) against units picked, used and written off (out), per day.
        </p>
      </header>
      <form className="list-controls" onSubmit={submit} aria-label="Window">
        <div>
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            required
            value={draft.from}
            max={draft.to}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            required
            value={draft.to}
            min={draft.from}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <div>
          <button type="submit">Show</button>
        </div>
      </form>
      {report.data && (
        <>
          <BarChart
            caption={`Units in and out per day, ${formatDate(from)} to ${formatDate(to)}: ${formatQuantity(totalIn)} in, ${formatQuantity(Math.abs(totalOut))} out.`}
            labels={days.map((row) => formatDate(row.day).replace(/,? \d{4}$/, ''))}
            series={[
              { name: 'In', tone: 'in', values: days.map((row) => row.in) },
              { name: 'Out', tone: 'out', values: days.map((row) => row.out) },
            ]}
            format={formatQuantity}
          />
          {report.data.truncated && (
            <p className="notice">
              The window holds more movements than one report answers: choose a shorter one for exact figures.
            </p>
          )}
        </>
      )}
      <DataTable
        caption="Days with movement"
        columns={DAY_COLUMNS}
        rows={report.data ? moved : undefined}
        rowKey={(row) => row.day}
        busy={report.isFetching}
        error={report.error}
        empty="No stock moved in this window."
      />
    </section>
  );
}
