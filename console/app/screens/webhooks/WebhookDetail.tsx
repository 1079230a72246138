import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { Fields, useDetail } from '../../ui/detail.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime } from '../../ui/format.js';
import { DataTable, Pager, useListParams, useListQuery, type Column } from '../../ui/list.js';
import { StatusBadge } from '../../ui/StatusBadge.js';
import { WEBHOOKS, webhookState } from './Webhooks.js';
import { WebhookDeleteForm, WebhookEditForm } from './WebhookEdit.js';
import '../api-keys/api-keys.css';

type Delivery = Schemas['WebhookDelivery'];
/** The delivery statuses, as the API's filter takes them (domain/webhooks/delivery.ts imports node:crypto). */
const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'DEAD'] as const satisfies readonly Delivery['status'][];

const path = (id: string) => ({ params: { path: { id } } });

/** Retry one delivery now (the API takes it in any status; offered where an attempt failed). */
function RetryButton({ hookId, delivery }: { hookId: string; delivery: Delivery }) {
  const retry = useAction<void, unknown>({
    run: (api, _input, headers) =>
      ok(
        api.POST('/webhooks/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: hookId, deliveryId: delivery.id } },
          headers,
        }),
      ),
    invalidates: [WEBHOOKS],
  });
  return (
    <>
      <button
        type="button"
        // Not "secondary": in a table that class is a phone-hidden column (styles.css).
        className="outline"
        aria-label={`Retry ${delivery.event} delivery of ${formatDateTime(delivery.createdAt)}`}
        aria-busy={retry.isPending}
        disabled={retry.isPending}
        onClick={() => retry.mutate()}
      >
        Retry
      </button>
      {retry.isError && <ErrorMessage error={retry.error} title="Retry was refused" />}
    </>
  );
}

function Deliveries({ hookId }: { hookId: string }) {
  const can = useCan();
  const [params, update] = useListParams();
  const status = DELIVERY_STATUSES.find((value) => value === params.filters.status);
  const query = useListQuery([...WEBHOOKS, hookId, 'deliveries', status, params.page], (api) =>
    ok(
      api.GET('/webhooks/{id}/deliveries', {
        params: { path: { id: hookId }, query: { status, page: params.page, pageSize: 20 } },
      }),
    ),
  );
  const columns: readonly Column<Delivery>[] = [
    { header: 'Event', cell: (row) => row.event },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    { header: 'Attempts', cell: (row) => row.attempts, numeric: true, secondary: true },
    {
      header: 'Last answer',
      cell: (row) => (row.responseStatus ? `HTTP ${row.responseStatus}` : (row.lastError ?? '—')),
      secondary: true,
    },
    { header: 'Created', cell: (row) => formatDateTime(row.createdAt), secondary: true },
    {
      header: 'Retry',
      cell: (row) =>
        (row.status === 'DEAD' || (row.status === 'PENDING' && row.attempts > 0)) &&
        can('POST /webhooks/{id}/deliveries/{deliveryId}/retry') ? (
          <RetryButton hookId={hookId} delivery={row} />
        ) : null,
    },
  ];
  return (
    <>
      <h2 className="group-title">Deliveries</h2>
      <div className="list-controls">
        <div>
          <label htmlFor="delivery-status">Status</label>
          <select
            id="delivery-status"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value })}
          >
            <option value="">Any</option>
            {DELIVERY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value === 'DEAD' ? 'Dead (gave up)' : value === 'PENDING' ? 'Pending' : 'Delivered'}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Deliveries"
        captionHidden
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        busy={query.isFetching}
        error={query.error}
        empty="No deliveries."
      />
      {query.data?.pagination && (
        <Pager
          pagination={query.data.pagination}
          noun={{ one: 'delivery', many: 'deliveries' }}
          onPage={(page) => update({ page: String(page) })}
        />
      )}
    </>
  );
}

/** One subscription: its events, its deliveries with retry, ping, and a new signing secret (shown once). */
export function WebhookDetail() {
  const { id } = useParams<{ id: string }>();
  const can = useCan();
  const [secret, setSecret] = useState<Schemas['WebhookSecretRotated'] | null>(null);
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const detail = useDetail([...WEBHOOKS, id], (api) => api.GET('/webhooks/{id}', path(id)));
  const rotate = useAction<void, Schemas['WebhookSecretRotated']>({
    run: (api, _input, headers) => ok(api.POST('/webhooks/{id}/rotate-secret', { ...path(id), headers })),
    invalidates: [WEBHOOKS],
    onDone: setSecret,
  });
  const ping = useAction<void, unknown>({
    run: (api, _input, headers) => ok(api.POST('/webhooks/{id}/ping', { ...path(id), headers })),
    invalidates: [WEBHOOKS],
  });

  if (detail.isPending) return <p aria-busy="true">Loading the subscription…</p>;
  if (detail.isError) {
    return (
      <section>
        <h1>Webhook</h1>
        <ErrorMessage error={detail.error} />
        <Link href="/settings/webhooks">All webhooks</Link>
      </section>
    );
  }
  const hook = detail.data.data;
  return (
    <section aria-busy={detail.isFetching}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/settings/webhooks">Webhooks</Link>
      </nav>
      <header className="screen-header">
        <h1>
          {hook.description ?? 'Webhook'} {webhookState(hook)}
        </h1>
        <p className="lead">{hook.url}</p>
      </header>
      {secret && (
        <section role="status" aria-label="New secret" className="notice secret">
          <h2>The new signing secret</h2>
          <p>
            Shown <strong>only this once</strong>. Deliveries carry signatures with both the new and the old
            secret until {formatDateTime(secret.previousSecretExpiresAt)}: update the receiver before then.
          </p>
          <p>
            <code className="secret-value" aria-label="Secret">
              {secret.secret}
            </code>
          </p>
          <button type="button" onClick={() => setSecret(null)}>
            I have copied it
          </button>
        </section>
      )}
      <div className="action-bar">
        <div className="actions">
          {can('POST /webhooks/{id}/ping') && (
            <button
              type="button"
              aria-busy={ping.isPending}
              disabled={ping.isPending}
              onClick={() => ping.mutate()}
            >
              Send a test ping
            </button>
          )}
          {can('POST /webhooks/{id}/rotate-secret') && (
            <button
              type="button"
              className="secondary"
              aria-busy={rotate.isPending}
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              Rotate secret
            </button>
          )}
          {can('PUT /webhooks/{id}') && (
            <button type="button" className="secondary" onClick={() => setOpen('edit')}>
              Edit
            </button>
          )}
          {can('DELETE /webhooks/{id}') && (
            <button type="button" className="secondary outline" onClick={() => setOpen('delete')}>
              Delete
            </button>
          )}
        </div>
        {open === 'edit' && (
          <WebhookEditForm hook={hook} etag={detail.data.etag} onClose={() => setOpen(null)} />
        )}
        {open === 'delete' && <WebhookDeleteForm hook={hook} onClose={() => setOpen(null)} />}
        {ping.isSuccess && <p role="status">A ping is queued: it shows in the deliveries within a minute.</p>}
        {ping.isError && <ErrorMessage error={ping.error} title="Ping was refused" />}
        {rotate.isError && <ErrorMessage error={rotate.error} title="Rotate was refused" />}
      </div>
      <Fields
        items={[
          ['Events', hook.events.join(', ')],
          ['Secret starts', <code key="prefix">{hook.secretPrefix}…</code>],
          ['Failures in a row', String(hook.failureCount)],
          ['Last success', formatDateTime(hook.lastSuccessAt)],
          ['Last failure', formatDateTime(hook.lastFailureAt)],
          ['Disabled', hook.disabledAt ? formatDateTime(hook.disabledAt) : null],
          ['Created', formatDateTime(hook.createdAt)],
        ]}
      />
      <Deliveries hookId={hook.id} />
    </section>
  );
}
