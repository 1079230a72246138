/**
 * A new sales order (o27): the customer, then lines found by the products' own search, each priced as the
 * API resolves it for that customer and quantity (GET /products/{id}/prices: tier, quantity break,
 * customer discount); a price can be overridden. Created DRAFT; confirm it on its detail.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatMoney, formatQuantity } from '../../ui/format.js';
import { useApi } from '../../session/session.js';
import { CUSTOMERS } from '../customers/queries.js';
import { SALES_ORDERS } from './queries.js';

type Product = Schemas['Product'];
type Customer = Schemas['Customer'];

interface Line {
  key: number;
  product: Product | null;
  quantity: string;
  /** What the person typed over the resolved price ('' keeps the API's). */
  priceOverride: string;
  resolved: number | null;
}

const newLine = (key: number): Line => ({
  key,
  product: null,
  quantity: '1',
  priceOverride: '',
  resolved: null,
});
/** Where a resolved price came from, in a seller's words. */
const SOURCE: Record<Schemas['PriceResolution']['source'], string> = {
  default: 'list price',
  tier: "the customer's price tier",
  quantity_break: 'a quantity break',
  customer_discount: "the customer's discount",
};
const priceOf = (line: Line) => (line.priceOverride !== '' ? Number(line.priceOverride) : line.resolved);

export function SalesOrderCreate() {
  const api = useApi();
  const id = useId();
  const [search] = useSearchParams();
  const [, setLocation] = useLocation();
  const [customerSearch, setCustomerSearch] = useState('');
  const [customerTerm, setCustomerTerm] = useState('');
  const [customerId, setCustomerId] = useState(search.get('customerId') ?? '');
  const [lines, setLines] = useState<Line[]>([newLine(1)]);
  const [warehouseId, setWarehouseId] = useState('');
  const [requiredDate, setRequiredDate] = useState('');
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);

  const customers = useQuery({
    queryKey: [...CUSTOMERS, 'list', { search: customerTerm, picker: true }],
    queryFn: () =>
      ok(api.GET('/customers', { params: { query: { search: customerTerm || undefined, pageSize: 50 } } })),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: [...CUSTOMERS, customerId, 'body'],
    queryFn: () => ok(api.GET('/customers/{id}', { params: { path: { id: customerId } } })),
    enabled: Boolean(customerId),
  });
  // Stock is reserved at confirm in the order's warehouse: one is needed (the only one is chosen for you).
  const warehouses = useQuery({
    queryKey: ['warehouses', 'list', { picker: true }],
    queryFn: () => ok(api.GET('/warehouses', { params: { query: { pageSize: 200 } } })),
  });
  const onlyWarehouse = warehouses.data?.data.length === 1 ? warehouses.data.data[0]?.id : undefined;
  const shipFrom = warehouseId || onlyWarehouse || '';
  const options: Customer[] = customers.data?.data ?? [];
  const currency = chosen.data?.currency;

  const create = useAction({
    run: (client, body: Schemas['SalesOrderCreate'], headers) =>
      ok(client.POST('/sales-orders', { headers, body })),
    invalidates: [SALES_ORDERS],
    onDone: (order) => setLocation(`/sales-orders/${order.id}`, { replace: true }),
  });

  const update = (key: number, change: Partial<Line>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const problems = (line: Line): string | null => {
    if (!line.product) return 'Choose a product.';
    const quantity = Number(line.quantity);
    if (!Number.isFinite(quantity) || quantity <= 0) return 'The quantity must be more than 0.';
    const price = priceOf(line);
    if (price === null) return 'Waiting for the price…';
    if (!Number.isFinite(price) || price < 0) return 'The price must be 0 or more.';
    return null;
  };
  const ready = Boolean(customerId) && Boolean(shipFrom) && lines.every((line) => problems(line) === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!ready) return;
    create.mutate({
      customerId,
      warehouseId: shipFrom,
      ...(requiredDate ? { requiredDate } : {}),
      ...(notes ? { notes } : {}),
      lines: lines.map((line) => ({
        productId: line.product?.id ?? '',
        quantity: Number(line.quantity),
        unitPrice: priceOf(line) ?? 0,
      })),
    });
  };
  const total = lines.reduce((sum, line) => sum + Number(line.quantity || 0) * (priceOf(line) ?? 0), 0);

  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/sales-orders">Sales orders</Link>
      </nav>
      <h1>New sales order</h1>
      <form onSubmit={submit} aria-label="New sales order" noValidate>
        <fieldset>
          <legend>Customer</legend>
          <label htmlFor={`${id}-customer-search`}>Find a customer</label>
          <fieldset role="group">
            <input
              id={`${id}-customer-search`}
              type="search"
              placeholder="Name, code or email"
              value={customerSearch}
              onChange={(event) => setCustomerSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  setCustomerTerm(customerSearch.trim());
                }
              }}
            />
            <button type="button" onClick={() => setCustomerTerm(customerSearch.trim())}>
              Find
            </button>
          </fieldset>
          <label htmlFor={`${id}-customer`}>Customer</label>
          <select
            id={`${id}-customer`}
            value={customerId}
            aria-busy={customers.isFetching}
            aria-invalid={tried && !customerId ? true : undefined}
            aria-describedby={tried && !customerId ? `${id}-customer-error` : undefined}
            onChange={(event) => setCustomerId(event.target.value)}
          >
            <option value="">{options.length ? 'Choose a customer' : 'No customer matches'}</option>
            {chosen.data && !options.some((c) => c.id === chosen.data.id) && (
              <option value={chosen.data.id}>
                {chosen.data.name} ({chosen.data.code})
              </option>
            )}
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.code}){c.creditHold ? ', on credit hold' : ''}
              </option>
            ))}
          </select>
          {tried && !customerId && <small id={`${id}-customer-error`}>Choose the customer.</small>}
          {chosen.data?.creditHold && (
            <p role="status" className="error-message">
              {chosen.data.name} is on credit hold: the API will refuse to confirm its orders.
            </p>
          )}
        </fieldset>

        <fieldset>
          <legend>Lines</legend>
          {lines.map((line, index) => (
            <LineEditor
              key={line.key}
              number={index + 1}
              line={line}
              customerId={customerId}
              currency={currency}
              problem={tried ? problems(line) : null}
              onChange={(change) => update(line.key, change)}
              onRemove={
                lines.length > 1 ? () => setLines(lines.filter((l) => l.key !== line.key)) : undefined
              }
            />
          ))}
          <button
            type="button"
            className="secondary"
            onClick={() => setLines([...lines, newLine(Math.max(...lines.map((l) => l.key)) + 1)])}
          >
            Add a line
          </button>
        </fieldset>

        <div className="grid-2">
          <div>
            <label htmlFor={`${id}-warehouse`}>Ship from warehouse</label>
            <select
              id={`${id}-warehouse`}
              value={shipFrom}
              aria-busy={warehouses.isFetching}
              aria-invalid={tried && !shipFrom ? true : undefined}
              aria-describedby={tried && !shipFrom ? `${id}-warehouse-error` : undefined}
              onChange={(event) => setWarehouseId(event.target.value)}
            >
              <option value="">Choose a warehouse</option>
              {warehouses.data?.data.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} ({w.code})
                </option>
              ))}
            </select>
            {warehouses.isError && <ErrorMessage error={warehouses.error} />}
            {tried && !shipFrom && (
              <small id={`${id}-warehouse-error`}>Choose the warehouse the stock is reserved in.</small>
            )}
          </div>
          <label htmlFor={`${id}-required`}>
            Required by (optional)
            <input
              id={`${id}-required`}
              type="date"
              value={requiredDate}
              onChange={(event) => setRequiredDate(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-notes`}>
            Notes (optional)
            <textarea id={`${id}-notes`} value={notes} onChange={(event) => setNotes(event.target.value)} />
          </label>
        </div>
        <p>
          Lines before tax and discounts: <strong>{currency ? formatMoney(total, currency) : '—'}</strong>
        </p>
        {create.isError && <ErrorMessage error={create.error} title="The order was refused" />}
        <div className="actions">
          <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
            Create order
          </button>
          <Link href="/sales-orders" role="button" className="secondary">
            Back
          </Link>
        </div>
      </form>
    </section>
  );
}

function LineEditor({
  number,
  line,
  customerId,
  currency,
  problem,
  onChange,
  onRemove,
}: {
  number: number;
  line: Line;
  customerId: string;
  currency: string | undefined;
  problem: string | null;
  onChange: (change: Partial<Line>) => void;
  onRemove?: () => void;
}) {
  const api = useApi();
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const products = useQuery({
    queryKey: ['products', 'list', { search: term, picker: true }],
    queryFn: () =>
      ok(api.GET('/products', { params: { query: { search: term, isActive: true, pageSize: 25 } } })),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const quantity = Number(line.quantity);
  const productId = line.product?.id;
  const price = useQuery({
    queryKey: ['products', productId, 'prices', { customerId, quantity }],
    queryFn: () =>
      ok(
        api.GET('/products/{id}/prices', {
          params: {
            path: { id: productId ?? '' },
            query: { ...(customerId ? { customerId } : {}), quantity },
          },
        }),
      ),
    enabled: Boolean(productId) && Number.isFinite(quantity) && quantity > 0,
  });
  const resolved = price.data?.resolvedPrice ?? null;
  useEffect(() => {
    if (resolved !== line.resolved) onChange({ resolved });
  }, [resolved, line.resolved, onChange]);

  const found = products.data?.data ?? [];
  const errorId = `${id}-error`;
  const find = () => setTerm(text.trim());
  return (
    <article aria-label={`Line ${number}`} className="order-line">
      <header>
        <strong>Line {number}</strong>
        {onRemove && (
          <button type="button" className="secondary outline" onClick={onRemove}>
            Remove line {number}
          </button>
        )}
      </header>
      <label htmlFor={`${id}-search`}>Find a product for line {number}</label>
      <fieldset role="group">
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Name, SKU or barcode"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              find();
            }
          }}
        />
        <button type="button" onClick={find}>
          Find
        </button>
      </fieldset>
      <label htmlFor={`${id}-product`}>Product for line {number}</label>
      <select
        id={`${id}-product`}
        value={line.product?.id ?? ''}
        aria-busy={products.isFetching}
        aria-invalid={problem === 'Choose a product.' ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => {
          const product = found.find((p) => p.id === event.target.value) ?? null;
          onChange({ product, priceOverride: '', resolved: null });
        }}
      >
        <option value="">
          {term === ''
            ? 'Search first'
            : found.length
              ? `${found.length} found: choose one`
              : 'No product matches'}
        </option>
        {line.product && !found.some((p) => p.id === line.product?.id) && (
          <option value={line.product.id}>
            {line.product.name} ({line.product.sku})
          </option>
        )}
        {found.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.sku}), {formatQuantity(p.totalStockOnHand)} on hand
          </option>
        ))}
      </select>
      <div className="grid-2">
        <label htmlFor={`${id}-quantity`}>
          Quantity
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={line.quantity}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => onChange({ quantity: event.target.value })}
          />
        </label>
        <label htmlFor={`${id}-price`}>
          Unit price{currency ? ` (${currency})` : ''}
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder={resolved === null ? '' : String(resolved)}
            value={line.priceOverride}
            aria-describedby={`${id}-price-note${problem ? ` ${errorId}` : ''}`}
            onChange={(event) => onChange({ priceOverride: event.target.value })}
          />
          <small id={`${id}-price-note`}>
            {price.isError ? (
              <ErrorMessage error={price.error} />
            ) : resolved === null || !currency ? (
              'The price the API resolves shows here once a customer and product are chosen.'
            ) : (
              `${formatMoney(resolved, currency)} as the API resolves it (${SOURCE[price.data?.source ?? 'default']}${
                price.data && price.data.resolvedPrice !== price.data.basePrice
                  ? `, list ${formatMoney(price.data.basePrice, currency)}`
                  : ''
              }); type a price to override it.`
            )}
          </small>
        </label>
      </div>
      {problem && (
        <p id={errorId} className="field-error">
          {problem}
        </p>
      )}
    </article>
  );
}
