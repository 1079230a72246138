/**
 * Doing something to a document: the mutation helper and the action bar of a detail screen.
 *
 * useAction: one Idempotency-Key per user action (pressing again after a network failure replays the same
 * request instead of doing it twice; a new press after an answer is a new action), If-Match with the ETag
 * the detail GET returned (an edit made meanwhile is refused, 412, rather than overwritten), and the
 * screen's queries refreshed after it.
 *
 * <ActionBar>: the actions a document offers, each shown only in the states the API allows it in and only
 * if the signed-in key may make the call; a refusal shows the API's message as sent (role="alert").
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiRequestError, newIdempotencyKey, type ApiClient } from '../../client/index.js';
import type { Operation } from '../session/can.js';
import { useApi, useCan } from '../session/session.js';
import { ErrorMessage } from './ErrorMessage.js';

/** What every call of an action carries: pass them on as the call's `headers`. */
export type ActionHeaders = { 'Idempotency-Key': string; 'If-Match'?: string };

/** Whether pressing again should repeat the same request (the first may have been done): no answer came. */
const unanswered = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.status >= 500 || error.code === 'conflict_in_progress';

export function useAction<Input, Result>({
  run,
  etag,
  invalidates = [],
  onDone,
}: {
  run: (api: ApiClient, input: Input, headers: ActionHeaders) => Promise<Result>;
  /** The ETag of the record as shown: sent as If-Match. */
  etag?: string | null;
  /** Query key prefixes the result makes stale (the list and detail of the resource, the today view). */
  invalidates?: readonly QueryKey[];
  onDone?: (result: Result, input: Input) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const pendingKey = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (input: Input) => {
      pendingKey.current ??= newIdempotencyKey();
      const headers: ActionHeaders = { 'Idempotency-Key': pendingKey.current };
      if (etag) headers['If-Match'] = etag;
      return run(api, input, headers);
    },
    onSuccess: async (result, input) => {
      pendingKey.current = null;
      onDone?.(result, input);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: async (error) => {
      if (unanswered(error)) return;
      pendingKey.current = null;
      // A refusal often means the record moved on meanwhile (someone else cancelled it): show it as it is
      // now, beside the API's message.
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return mutation;
}

/** A field an action asks for before it runs (a cancel reason, a carrier). */
export interface ActionField {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  hint?: string;
}

export interface DocumentAction<Status extends string> {
  /** The button's words: a verb, "Confirm", "Create shipment". */
  label: string;
  /** The call it makes, to ask the key (can()). */
  operation: Operation;
  /** The statuses the API accepts it in (from domain/<area>/status.ts where the API keeps them). */
  allowedIn: readonly Status[];
  run: (api: ApiClient, values: Record<string, string>, headers: ActionHeaders) => Promise<unknown>;
  /** Asked first, in a small form; an action without fields runs on the press. */
  fields?: readonly ActionField[];
  /** Undoes work or cannot be undone (cancel, void): drawn outlined, never as the primary button. */
  destructive?: boolean;
}

/**
 * The first action offered is drawn as the primary button: list a document's actions in the order its
 * work flows (confirm, pack, pick, dispatch, ...), destructive ones last.
 */
export function ActionBar<Status extends string>({
  status,
  actions,
  etag,
  invalidates,
  onDone,
}: {
  status: Status;
  actions: readonly DocumentAction<Status>[];
  etag?: string | null;
  invalidates?: readonly QueryKey[];
  onDone?: (result: unknown, action: DocumentAction<Status>) => void;
}) {
  const can = useCan();
  const [open, setOpen] = useState<DocumentAction<Status> | null>(null);
  const [last, setLast] = useState<DocumentAction<Status> | null>(null);
  const action = useAction<{ chosen: DocumentAction<Status>; values: Record<string, string> }, unknown>({
    run: (api, { chosen, values }, headers) => chosen.run(api, values, headers),
    etag,
    invalidates,
    onDone: (result, { chosen }) => {
      setOpen(null);
      onDone?.(result, chosen);
    },
  });
  const offered = actions.filter(
    (candidate) => candidate.allowedIn.includes(status) && can(candidate.operation),
  );
  // The refusal stays on screen even when the refreshed record offers nothing any more.
  if (offered.length === 0 && !action.isError) return null;

  const press = (chosen: DocumentAction<Status>) => {
    setLast(chosen);
    if (chosen.fields?.length) {
      action.reset();
      setOpen(chosen);
    } else {
      action.mutate({ chosen, values: {} });
    }
  };

  return (
    <div className="action-bar">
      <div className="actions">
        {offered.length === 0 && <p className="muted">Nothing more can be done to it in this state.</p>}
        {offered.map((candidate, index) => (
          <button
            key={candidate.label}
            type="button"
            className={candidate.destructive ? 'secondary outline' : index === 0 ? undefined : 'secondary'}
            aria-busy={action.isPending && last === candidate}
            disabled={action.isPending}
            onClick={() => press(candidate)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      {open && (
        <ActionForm
          action={open}
          busy={action.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(values) => action.mutate({ chosen: open, values })}
        />
      )}
      {action.isError && (
        <ErrorMessage error={action.error} title={`${last?.label ?? 'The action'} was refused`} />
      )}
    </div>
  );
}

function ActionForm<Status extends string>({
  action,
  busy,
  onCancel,
  onSubmit,
}: {
  action: DocumentAction<Status>;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: Record<string, string>) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form className="action-form" onSubmit={submit} aria-label={action.label}>
      <h2>{action.label}</h2>
      {action.fields?.map((field) => {
        const Control = field.multiline ? 'textarea' : 'input';
        return (
          <label key={field.name} htmlFor={`${id}-${field.name}`}>
            {field.label}
            {!field.required && ' (optional)'}
            <Control
              id={`${id}-${field.name}`}
              required={field.required}
              value={values[field.name] ?? ''}
              autoFocus={field === action.fields?.[0]}
              onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
            />
            {field.hint && <small>{field.hint}</small>}
          </label>
        );
      })}
      <div className="actions">
        <button
          type="submit"
          aria-busy={busy}
          disabled={busy}
          className={action.destructive ? 'contrast' : undefined}
        >
          {action.label}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
