import { useState, useId, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { EventType } from '../../../../domain/events.js';
import { EventChoice } from './EventChoice.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useCan } from '../../session/session.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { formatDateTime } from '../../ui/format.js';
import { ListScreen, type Column } from '../../ui/list.js';
import '../api-keys/api-keys.css';

type Webhook = Schemas['Webhook'];

/** The query key prefix of everything read from /webhooks. */
export const WEBHOOKS = ['webhooks'] as const;

export const webhookState = (hook: Webhook) =>
  hook.disabledAt ? (
    <span className="badge badge-alert">Disabled</span>
  ) : hook.isActive ? (
    <span className="badge badge-done">Active</span>
  ) : (
    <span className="badge badge-stopped">Paused</span>
  );

const COLUMNS: readonly Column<Webhook>[] = [
  {
    header: 'Endpoint',
    cell: (hook) => (
      <>
        <Link href={`/settings/webhooks/${hook.id}`}>{hook.description ?? hook.url}</Link>
        {hook.description && <small className="lots">{hook.url}</small>}
      </>
    ),
  },
  { header: 'State', cell: webhookState },
  { header: 'Events', cell: (hook) => hook.events.length, numeric: true, secondary: true },
  { header: 'Failures', cell: (hook) => hook.failureCount, numeric: true },
  { header: 'Last success', cell: (hook) => formatDateTime(hook.lastSuccessAt), secondary: true },
];

function NewWebhookForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const create = useAction<void, Schemas['WebhookCreated']>({
    run: (api, _input, headers) =>
      ok(
        api.POST('/webhooks', {
          headers,
          body: {
            url: url.trim(),
            events,
            ...(description.trim() ? { description: description.trim() } : {}),
          },
        }),
      ),
    invalidates: [WEBHOOKS],
    onDone: (created) => setSecret({ id: created.id, secret: created.secret }),
  });
  if (secret) {
    return (
      <section role="status" aria-label="New secret" className="notice secret">
        <h2>The signing secret of the new subscription</h2>
        <p>
          Put it in the receiver to check each delivery’s signature. The API shows it{' '}
          <strong>only this once</strong>.
        </p>
        <p>
          <code className="secret-value" aria-label="Secret">
            {secret.secret}
          </code>
        </p>
        <button type="button" onClick={() => navigate(`/settings/webhooks/${secret.id}`)}>
          I have copied it
        </button>
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) return setProblem('Choose at least one event.');
    setProblem(null);
    create.mutate();
  };
  return (
    <form className="action-form wide" onSubmit={submit} aria-label="New webhook subscription">
      <h2>New subscription</h2>
      <label htmlFor={`${id}-url`}>
        URL
        <input
          id={`${id}-url`}
          type="url"
          required
          placeholder="https://example.com/hooks/stockflow"
          value={url}
          autoFocus
          onChange={(event) => setUrl(event.target.value)}
        />
        <small>HTTPS, reachable from the internet.</small>
      </label>
      <label htmlFor={`${id}-description`}>
        Description (optional)
        <input
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <EventChoice id={id} events={events} onChange={setEvents} problem={problem} />
      {create.isError && <ErrorMessage error={create.error} title="The subscription was not created" />}
      <div className="actions">
        <button type="submit" aria-busy={create.isPending} disabled={create.isPending}>
          Create subscription
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

/** The organisation's webhook subscriptions, and a new one (its signing secret shown once). */
export function WebhookList() {
  const can = useCan();
  const [creating, setCreating] = useState(false);
  return (
    <>
      {creating && <NewWebhookForm onCancel={() => setCreating(false)} />}
      <ListScreen
        title="Webhooks"
        noun={{ one: 'subscription', many: 'subscriptions' }}
        queryKey={WEBHOOKS}
        load={(api, params) =>
          ok(api.GET('/webhooks', { params: { query: { page: params.page, pageSize: params.pageSize } } }))
        }
        columns={COLUMNS}
        rowKey={(hook) => hook.id}
        empty="No subscriptions yet."
        actions={
          can('POST /webhooks') && !creating ? (
            <button type="button" onClick={() => setCreating(true)}>
              New subscription
            </button>
          ) : undefined
        }
      />
    </>
  );
}
