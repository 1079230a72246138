/**
 * Changing a warehouse on its detail screen: rename (name, address), deactivate or reactivate (PUT
 * /warehouses/{id}, with If-Match when the API tagged the record), a new zone, a new bin in a zone. Each
 * answers the refreshed warehouse, and a refusal shows the API's message as sent.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  builtInZoneCategory,
  ZONE_CATEGORY_KEYS,
  ZONE_TYPES,
  type ZoneType,
} from '../../../../domain/inventory/warehouse.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { humanise } from '../../ui/format.js';

type Warehouse = Schemas['Warehouse'];
type Zone = Warehouse['zones'][number];
type CategoryId = NonNullable<Schemas['ZoneCreate']['zoneCategoryId']>;

const WAREHOUSES = ['warehouses'] as const;

const isCategoryId = (value: string): value is CategoryId =>
  ZONE_CATEGORY_KEYS.some((key) => builtInZoneCategory(key).id === value);
const isZoneType = (value: string): value is ZoneType => ZONE_TYPES.some((type) => type === value);

/** A small form with its title, error and submit/back buttons. */
function EditForm({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="action-form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {children}
      {error ? <ErrorMessage error={error} title={`${title}: refused`} /> : null}
      <div className="actions">
        <button type="submit" aria-busy={busy} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

function RenameForm({
  warehouse,
  etag,
  onClose,
}: {
  warehouse: Warehouse;
  etag: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(warehouse.name);
  const [address, setAddress] = useState(warehouse.address ?? '');
  const save = useAction<void, Warehouse>({
    run: (api, _input, headers) =>
      ok(
        api.PUT('/warehouses/{id}', {
          params: { path: { id: warehouse.id } },
          headers,
          body: { name: name.trim(), address: address.trim() || null },
        }),
      ),
    etag,
    invalidates: [WAREHOUSES],
    onDone: onClose,
  });
  return (
    <EditForm
      title={`Rename ${warehouse.code}`}
      submitLabel="Save"
      busy={save.isPending}
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onClose}
    >
      <label htmlFor={`${id}-name`}>
        Name
        <input
          id={`${id}-name`}
          required
          maxLength={255}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label htmlFor={`${id}-address`}>
        Address (optional)
        <input id={`${id}-address`} value={address} onChange={(event) => setAddress(event.target.value)} />
      </label>
      <small>The code ({warehouse.code}) stays: documents refer to it.</small>
    </EditForm>
  );
}

function NewZoneForm({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [zoneType, setZoneType] = useState<ZoneType>('STORAGE');
  const [category, setCategory] = useState<CategoryId | ''>('');
  const add = useAction<void, Warehouse>({
    run: (api, _input, headers) =>
      ok(
        api.POST('/warehouses/{id}/zones', {
          params: { path: { id: warehouse.id } },
          headers,
          body: { name: name.trim(), zoneType, ...(category ? { zoneCategoryId: category } : {}) },
        }),
      ),
    invalidates: [WAREHOUSES],
    onDone: onClose,
  });
  return (
    <EditForm
      title="New zone"
      submitLabel="Add zone"
      busy={add.isPending}
      error={add.error}
      onSubmit={() => add.mutate()}
      onCancel={onClose}
    >
      <label htmlFor={`${id}-name`}>
        Name
        <input
          id={`${id}-name`}
          required
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label htmlFor={`${id}-type`}>
        What it is for
        <select
          id={`${id}-type`}
          value={zoneType}
          onChange={(event) => {
            if (isZoneType(event.target.value)) setZoneType(event.target.value);
          }}
        >
          {ZONE_TYPES.map((type) => (
            <option key={type} value={type}>
              {humanise(type)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-category`}>
        Kind of storage (optional)
        <select
          id={`${id}-category`}
          value={category}
          onChange={(event) => {
            const value = event.target.value;
            setCategory(isCategoryId(value) ? value : '');
          }}
        >
          <option value="">None</option>
          {ZONE_CATEGORY_KEYS.map((key) => {
            const built = builtInZoneCategory(key);
            return (
              <option key={key} value={built.id}>
                {built.name}
                {built.needsTemperatureRecords ? ' (temperature recorded)' : ''}
              </option>
            );
          })}
        </select>
      </label>
    </EditForm>
  );
}

function NewBinForm({ warehouse, zone, onClose }: { warehouse: Warehouse; zone: Zone; onClose: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [capacity, setCapacity] = useState('');
  const add = useAction<void, Warehouse>({
    run: (api, _input, headers) =>
      ok(
        api.POST('/warehouses/{id}/zones/{zoneId}/bins', {
          params: { path: { id: warehouse.id, zoneId: zone.id } },
          headers,
          body: { code: code.trim(), ...(capacity ? { capacity: Number(capacity) } : {}) },
        }),
      ),
    invalidates: [WAREHOUSES],
    onDone: onClose,
  });
  return (
    <EditForm
      title={`New bin in ${zone.name}`}
      submitLabel="Add bin"
      busy={add.isPending}
      error={add.error}
      onSubmit={() => add.mutate()}
      onCancel={onClose}
    >
      <label htmlFor={`${id}-code`}>
        Bin code
        <input
          id={`${id}-code`}
          required
          value={code}
          autoFocus
          onChange={(event) => setCode(event.target.value)}
        />
        <small>As it is labelled on the shelf, e.g. A-01-03.</small>
      </label>
      <label htmlFor={`${id}-capacity`}>
        Capacity (optional)
        <input
          id={`${id}-capacity`}
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
        />
        <small>Units it holds at most; receipts and transfers beyond it are refused.</small>
      </label>
    </EditForm>
  );
}

/** The warehouse's own actions, under its heading: rename, new zone, deactivate or reactivate. */
export function WarehouseActions({ warehouse, etag }: { warehouse: Warehouse; etag: string | null }) {
  const can = useCan();
  const [open, setOpen] = useState<'rename' | 'zone' | null>(null);
  const toggle = useAction<void, Warehouse>({
    run: (api, _input, headers) =>
      ok(
        api.PUT('/warehouses/{id}', {
          params: { path: { id: warehouse.id } },
          headers,
          body: { isActive: !warehouse.isActive },
        }),
      ),
    etag,
    invalidates: [WAREHOUSES],
  });
  if (!can('PUT /warehouses/{id}') && !can('POST /warehouses/{id}/zones')) return null;
  return (
    <div className="action-bar">
      {open === null && (
        <div className="actions">
          {can('POST /warehouses/{id}/zones') && warehouse.isActive && (
            <button type="button" onClick={() => setOpen('zone')}>
              Add zone
            </button>
          )}
          {can('PUT /warehouses/{id}') && (
            <>
              <button type="button" className="secondary" onClick={() => setOpen('rename')}>
                Rename
              </button>
              <button
                type="button"
                className={warehouse.isActive ? 'secondary outline' : 'secondary'}
                aria-busy={toggle.isPending}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate()}
              >
                {warehouse.isActive ? 'Deactivate' : 'Reactivate'}
              </button>
            </>
          )}
        </div>
      )}
      {warehouse.isActive === false && open === null && (
        <p className="muted">Inactive: its stock stays where it is, but new documents cannot use it.</p>
      )}
      {open === 'rename' && <RenameForm warehouse={warehouse} etag={etag} onClose={() => setOpen(null)} />}
      {open === 'zone' && <NewZoneForm warehouse={warehouse} onClose={() => setOpen(null)} />}
      {toggle.isError && (
        <ErrorMessage
          error={toggle.error}
          title={`${warehouse.isActive ? 'Deactivate' : 'Reactivate'} was refused`}
        />
      )}
    </div>
  );
}

/** "Add bin" under a zone's bins, and its form. */
export function AddBin({ warehouse, zone }: { warehouse: Warehouse; zone: Zone }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('POST /warehouses/{id}/zones/{zoneId}/bins') || !warehouse.isActive) return null;
  return open ? (
    <NewBinForm warehouse={warehouse} zone={zone} onClose={() => setOpen(false)} />
  ) : (
    <button type="button" className="outline add-bin" onClick={() => setOpen(true)}>
      Add bin to {zone.name}
    </button>
  );
}
