import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useApi } from '../../session/session.js';
import { BarChart } from '../../ui/BarChart.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime, formatMoney, formatQuantity } from '../../ui/format.js';
import { DataTable, type Column } from '../../ui/list.js';
import { useBaseCurrency } from '../organisation/base-currency.js';

type Item = Schemas['ValuationReport']['items'][number];

/** How many products the chart shows: the largest values, the rest summed as "Other". */
const TOP = 8;

/** What the stock on hand is worth now, product by product, at each product's costing method. */
export function ValuationReport() {
  const api = useApi();
  const currency = useBaseCurrency();
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : formatQuantity(amount));
  const report = useQuery({
    queryKey: ['reports', 'valuation'],
    queryFn: () => ok(api.GET('/reports/valuation')),
  });
  const items = [...(report.data?.items ?? [])].sort((a, b) => b.value - a.value);
  const top = items.slice(0, TOP);
  const rest = items.slice(TOP).reduce((sum, item) => sum + item.value, 0);
  const bars = [
    ...top.map((item) => ({ label: item.product.sku, value: item.value })),
    ...(rest > 0 ? [{ label: 'Other', value: rest }] : []),
  ];
  const columns: readonly Column<Item>[] = [
    {
      header: 'Product',
      cell: (item) => (
        <>
          <Link href={`/products/${item.product.id}`}>{item.product.name}</Link>{' '}
          <small className="muted">{item.product.sku}</small>
        </>
      ),
    },
    { header: 'Category', cell: (item) => item.category?.name ?? '—', secondary: true },
    { header: 'Costing', cell: (item) => item.costingMethod, secondary: true },
    { header: 'On hand', cell: (item) => formatQuantity(item.quantityOnHand), numeric: true },
    { header: 'Unit cost', cell: (item) => money(item.unitCost), numeric: true, secondary: true },
    { header: 'Value', cell: (item) => money(item.value), numeric: true },
  ];

  return (
    <section aria-busy={report.isFetching}>
      <header className="screen-header">
        <h1>Stock valuation</h1>
        {report.data && (
          <p className="lead">
            {money(report.data.totalValue)} on hand as at {formatDateTime(report.data.asOf)}
            {currency ? '' : ' (in the organisation’s base currency)'}.
          </p>
        )}
      </header>
      {report.isError && <ErrorMessage error={report.error} />}
      {bars.length > 0 && (
        <BarChart
          caption={`Stock value by product, largest first: ${bars.map((bar) => `${bar.label} ${money(bar.value)}`).join(', ')}.`}
          labels={bars.map((bar) => bar.label)}
          series={[{ name: 'Value', tone: 'neutral', values: bars.map((bar) => bar.value) }]}
          format={money}
        />
      )}
      <DataTable
        caption="Value by product"
        columns={columns}
        rows={report.data ? items : undefined}
        rowKey={(item) => item.product.id}
        busy={report.isFetching}
        error={null}
        empty="No stock on hand."
      />
    </section>
  );
}
