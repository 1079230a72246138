import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { AGING_BUCKETS, type AgingBucket } from '../../../../domain/invoices/aging.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { BarChart } from '../../ui/BarChart.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';

type Row = Schemas['ReceivableAging']['invoices'][number];

const BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Not yet due',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  days90plus: 'Over 90 days',
};
interface BucketRow {
  bucket: AgingBucket;
  amount: number;
  invoices: number;
}

const INVOICE_COLUMNS: readonly Column<Row>[] = [
  { header: 'Invoice', cell: (row) => <Link href={`/invoices/${row.invoiceId}`}>{row.invoiceNumber}</Link> },
  { header: 'Customer', cell: (row) => row.customer.name },
  { header: 'Due', cell: (row) => formatDate(row.dueDate), secondary: true },
  { header: 'Days overdue', cell: (row) => row.daysPastDue, numeric: true, secondary: true },
  { header: 'Balance', cell: (row) => formatMoney(row.balanceDue, row.currency), numeric: true },
];

/** What customers owe, by how long past due, per currency (the API's totals mix currencies; this does not). */
export function AgingReport() {
  const api = useApi();
  const report = useQuery({
    queryKey: ['reports', 'receivable-aging'],
    queryFn: () => ok(api.GET('/reports/receivable-aging')),
  });
  const invoices = report.data?.invoices ?? [];
  const currencies = [...new Set(invoices.map((row) => row.currency))].sort();
  const bucketsOf = (currency: string): BucketRow[] =>
    AGING_BUCKETS.map((bucket) => {
      const rows = invoices.filter((row) => row.currency === currency && row.bucket === bucket);
      return { bucket, amount: rows.reduce((sum, row) => sum + row.balanceDue, 0), invoices: rows.length };
    });

  return (
    <section aria-busy={report.isFetching}>
      <header className="screen-header">
        <h1>Receivable aging</h1>
        {report.data && <p className="lead">Balances due as at {formatDateTime(report.data.asOf)}.</p>}
      </header>
      {report.isPending && <p aria-busy="true">Loading the report…</p>}
      {report.data && currencies.length === 0 && <p>Nothing is owed: no invoice has a balance due.</p>}
      {currencies.map((currency) => {
        const buckets = bucketsOf(currency);
        const money = (amount: number) => formatMoney(amount, currency);
        const total = buckets.reduce((sum, row) => sum + row.amount, 0);
        const columns: readonly Column<BucketRow>[] = [
          { header: 'Age', cell: (row) => BUCKET_LABELS[row.bucket] },
          { header: 'Invoices', cell: (row) => row.invoices, numeric: true },
          { header: 'Balance due', cell: (row) => money(row.amount), numeric: true },
        ];
        return (
          <div key={currency}>
            <h2 className="group-title">
              {currency}: {money(total)} owed
            </h2>
            <BarChart
              caption={`Balance due in ${currency} by age: ${buckets.map((row) => `${BUCKET_LABELS[row.bucket]} ${money(row.amount)}`).join(', ')}.`}
              labels={buckets.map((row) => BUCKET_LABELS[row.bucket])}
              series={[{ name: 'Balance due', tone: 'warn', values: buckets.map((row) => row.amount) }]}
              format={money}
            />
            <DataTable
              caption={`${currency} balances by age`}
              columns={columns}
              rows={buckets}
              rowKey={(row) => row.bucket}
              busy={false}
              error={null}
              empty="—"
            />
          </div>
        );
      })}
      {report.data?.truncated && (
        <p className="notice">
          More than 1,000 invoices are outstanding: the report shows the first 1,000 read.
        </p>
      )}
      {invoices.length > 0 && (
        <>
          <h2 className="group-title">Invoices with a balance due</h2>
          <DataTable
            caption="Invoices with a balance due"
            captionHidden
            columns={INVOICE_COLUMNS}
            rows={invoices}
            rowKey={(row) => row.invoiceId}
            busy={report.isFetching}
            error={null}
            empty="—"
          />
        </>
      )}
      {report.isError && <ErrorMessage error={report.error} />}
    </section>
  );
}
