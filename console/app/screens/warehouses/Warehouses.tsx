import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime, formatQuantity, humanise } from '../../ui/format.js';
import { DataTable, ListScreen, type Column } from '../../ui/list.js';
import { AddBin, WarehouseActions } from './WarehouseEdits.js';

type Warehouse = Schemas['Warehouse'];
type Zone = Warehouse['zones'][number];

/** The query key prefix of everything read from /warehouses. */
const WAREHOUSES = ['warehouses'] as const;

const active = (isActive: boolean) =>
  isActive ? (
    <span className="badge badge-done">Active</span>
  ) : (
    <span className="badge badge-stopped">Inactive</span>
  );

const COLUMNS: readonly Column<Warehouse>[] = [
  { header: 'Code', cell: (row) => <Link href={`/settings/warehouses/${row.id}`}>{row.code}</Link> },
  { header: 'Name', cell: (row) => row.name },
  { header: 'State', cell: (row) => active(row.isActive) },
  { header: 'Zones', cell: (row) => row.zonesTotal, numeric: true, secondary: true },
  { header: 'Address', cell: (row) => row.address ?? '—', secondary: true },
];

function NewWarehouseForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ code: '', name: '', address: '' });
  const create = useAction<void, Warehouse>({
    run: (api, _input, headers) =>
      ok(
        api.POST('/warehouses', {
          headers,
          body: {
            code: values.code.trim(),
            name: values.name.trim(),
            ...(values.address.trim() ? { address: values.address.trim() } : {}),
          },
        }),
      ),
    invalidates: [WAREHOUSES],
    onDone: (created) => navigate(`/settings/warehouses/${created.id}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const field = (name: keyof typeof values, label: string, hint?: string) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        required={name !== 'address'}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      {hint && <small>{hint}</small>}
    </label>
  );
  return (
    <form className="action-form" onSubmit={submit} aria-label="New warehouse">
      <h2>New warehouse</h2>
      {field('code', 'Code', 'Short and unique, e.g. AKL-1. It cannot be changed later.')}
      {field('name', 'Name')}
      {field('address', 'Address (optional)')}
      {create.isError && <ErrorMessage error={create.error} title="The warehouse was not created" />}
      <div className="actions">
        <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
          Create warehouse
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

/** Warehouses, inactive ones on request, and a new one. */
export function WarehouseList() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  return (
    <>
      {creating && <NewWarehouseForm onCancel={() => setCreating(false)} />}
      <ListScreen
        title="Warehouses"
        noun={{ one: 'warehouse', many: 'warehouses' }}
        queryKey={WAREHOUSES}
        load={(api, params) =>
          ok(
            api.GET('/warehouses', {
              params: {
                query: {
                  search: params.search,
                  includeInactive: params.filters.includeInactive === 'true' ? true : undefined,
                  page: params.page,
                  pageSize: params.pageSize,
                },
              },
            }),
          )
        }
        columns={COLUMNS}
        rowKey={(row) => row.id}
        search="Code or name"
        filters={[
          {
            name: 'includeInactive',
            label: 'Inactive ones',
            options: ['true'],
            labelOf: () => 'Included',
          },
        ]}
        empty="No warehouses match."
        actions={
          can('POST /warehouses') && !creating ? (
            <button type="button" onClick={() => setCreating(true)}>
              New warehouse
            </button>
          ) : undefined
        }
      />
    </>
  );
}

/** A warehouse with its zones and their bins. */
export function WarehouseDetail() {
  const { id } = useParams<{ id: string }>();
  const detail = useDetail([...WAREHOUSES, id], (api) =>
    api.GET('/warehouses/{id}', { params: { path: { id } } }),
  );
  if (detail.isPending) return <p aria-busy="true">Loading the warehouse…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Warehouse</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/settings/warehouses">All warehouses</Link>
      </section>
    );
  }
  const warehouse = detail.data.data;
  const binColumns: readonly Column<Zone['bins'][number]>[] = [
    { header: 'Bin', cell: (bin) => bin.code },
    {
      header: 'Capacity',
      cell: (bin) => (bin.capacity === null ? '—' : formatQuantity(bin.capacity)),
      numeric: true,
    },
    { header: 'State', cell: (bin) => active(bin.isActive) },
  ];
  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/settings/warehouses">Warehouses</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {warehouse.code} {active(warehouse.isActive)}
        </h1>
        <p className="lead">{warehouse.name}</p>
      </header>
      <WarehouseActions warehouse={warehouse} etag={detail.data.etag} />
      <Fields
        items={[
          ['Address', warehouse.address],
          ['Zones', String(warehouse.zonesTotal)],
          ['Created', formatDateTime(warehouse.createdAt)],
          ['Last changed', formatDateTime(warehouse.updatedAt)],
        ]}
      />
      {warehouse.zones.length === 0 && <p className="muted">No zones yet.</p>}
      {warehouse.zones.map((zone) => (
        <div key={zone.id}>
          <h2 className="group-title">
            {zone.name} <small className="muted">{humanise(zone.zoneType)}</small>
            {zone.zoneCategory && <small className="muted"> · {zone.zoneCategory.name}</small>}
          </h2>
          <DataTable
            caption={`Bins of ${zone.name}`}
            captionHidden
            columns={binColumns}
            rows={zone.bins}
            rowKey={(bin) => bin.id}
            busy={false}
            error={null}
            empty="No bins in this zone."
            bareWhenEmpty
          />
          {zone.binsTruncated && (
            <p className="muted">
              Showing {zone.bins.length} of {zone.binsTotal} bins.
            </p>
          )}
          <AddBin warehouse={warehouse} zone={zone} />
        </div>
      ))}
      {warehouse.zonesTruncated && (
        <p className="muted">
          Showing {warehouse.zones.length} of {warehouse.zonesTotal} zones.
        </p>
      )}
    </section>
  );
}
