/**
 * Changing a subscription on its detail screen: its URL, description, events and whether it is active
 * (PUT /webhooks/{id}, merge-patch; reactivating a subscription the API disabled after failures starts
 * it again), and deleting it, asked first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { EVENT_TYPES, type EventType } from '../../../../domain/events.js';
import { EventChoice } from './EventChoice.js';
import { ok, type Schemas } from '../../../client/index.js';
import { useAction } from '../../ui/actions.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { WEBHOOKS } from './Webhooks.js';

type Webhook = Schemas['Webhook'];

const isEventType = (value: string): value is EventType => EVENT_TYPES.some((type) => type === value);

export function WebhookEditForm({
  hook,
  etag,
  onClose,
}: {
  hook: Webhook;
  etag: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(hook.url);
  const [description, setDescription] = useState(hook.description ?? '');
  const [events, setEvents] = useState<EventType[]>(hook.events.filter(isEventType));
  const [isActive, setIsActive] = useState(hook.isActive && !hook.disabledAt);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction<void, Webhook>({
    run: (api, _input, headers) =>
      ok(
        api.PUT('/webhooks/{id}', {
          params: { path: { id: hook.id } },
          headers,
          body: { url: url.trim(), description: description.trim() || null, events, isActive },
        }),
      ),
    etag,
    invalidates: [WEBHOOKS],
    onDone: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) return setProblem('Choose at least one event.');
    setProblem(null);
    save.mutate();
  };
  return (
    <form className="action-form wide" onSubmit={submit} aria-label="Edit subscription">
      <h2>Edit subscription</h2>
      <label htmlFor={`${id}-url`}>
        URL
        <input
          id={`${id}-url`}
          type="url"
          required
          value={url}
          autoFocus
          onChange={(event) => setUrl(event.target.value)}
        />
      </label>
      <label htmlFor={`${id}-description`}>
        Description (optional)
        <input
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={isActive}
          onChange={(event) => setIsActive(event.target.checked)}
        />
        Active: deliver events to this URL
      </label>
      {hook.disabledAt && (
        <p className="muted">
          The API disabled it after repeated failures; switching it on starts deliveries again.
        </p>
      )}
      <EventChoice id={id} events={events} onChange={setEvents} problem={problem} />
      {save.isError && <ErrorMessage error={save.error} title="The subscription was not saved" />}
      <div className="actions">
        <button type="submit" aria-busy={save.isPending} disabled={save.isPending}>
          Save subscription
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}

/** Delete, asked first: deliveries stop and its history goes with it. */
export function WebhookDeleteForm({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const remove = useAction<void, unknown>({
    run: (api, _input, headers) =>
      ok(api.DELETE('/webhooks/{id}', { params: { path: { id: hook.id } }, headers })),
    // Not its own detail and deliveries: read again they would only answer 404.
    invalidates: [[...WEBHOOKS, 'list']],
    onDone: () => {
      queryClient.removeQueries({ queryKey: [...WEBHOOKS, hook.id] });
      navigate('/settings/webhooks');
    },
  });
  return (
    <form
      className="action-form"
      aria-label="Delete subscription"
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate();
      }}
    >
      <h2>Delete “{hook.description ?? hook.url}”?</h2>
      <p>
        No more events go to <code>{hook.url}</code>. This cannot be undone: to pause deliveries instead, edit
        it and switch it off.
      </p>
      {remove.isError && <ErrorMessage error={remove.error} title="Delete was refused" />}
      <div className="actions">
        <button type="submit" className="contrast" aria-busy={remove.isPending} disabled={remove.isPending}>
          Delete subscription
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}
