/**
 * Creating and editing a record (a customer, a supplier, a product) with one form.
 *
 * The form keeps what the person typed as strings and ticks (FormValues); the screen turns them into the
 * API's typed body (`toBody`). An edit sends only the fields whose value differs from the record as it
 * was opened (a merge-patch), with If-Match carrying the ETag it was read with: a change made meanwhile
 * is refused (412) and the form offers to reload, never overwriting it. A 400's field problems are shown
 * next to their fields (the API's `details[].path` is the field's name).
 */
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiRequestError, type ApiClient } from '../../client/index.js';
import { useAction, type ActionHeaders } from './actions.js';
import { ErrorMessage } from './ErrorMessage.js';
import { changedFields, type FormValues } from './form-values.js';
import './record-form.css';

export type { FormValues } from './form-values.js';

export interface FormField {
  /** The API's name of the field: a 400 about it is shown next to the control. */
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'checkbox';
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  /** For numbers: '0.01' for money, 'any' for quantities, '1' for days. */
  step?: string;
  hint?: string;
  /** Two columns wide on a wide screen (a control with something beside it). */
  wide?: boolean;
  /** Drawn under the control, given a way to set its value (a select's "add a new one"). */
  extra?: (set: (value: string) => void) => ReactNode;
}

export interface FormSection {
  legend: string;
  fields: readonly FormField[];
}

/**
 * The record as the edit form opened on it: pinned once a read of it has finished (never the cached copy
 * a read is still refreshing, which may be older), so a refetch in the background (a refused save
 * refreshes the screen's queries) never moves the form or its ETag under the person's hands. `reload`
 * reads it again and pins the new version.
 */
export function usePinnedRecord<T>(query: UseQueryResult<{ data: T; etag: string | null }>) {
  const [pinned, setPinned] = useState<{ data: T; etag: string | null } | null>(null);
  if (pinned === null && query.status === 'success' && !query.isFetching) setPinned(query.data);
  const reload = async () => {
    const fresh = await query.refetch();
    if (fresh.status === 'success') setPinned(fresh.data);
  };
  return { record: pinned, reload };
}

export function RecordForm<Body extends object, Result>({
  mode,
  sections,
  initial,
  etag,
  toBody,
  save,
  invalidates,
  onDone,
  onReload,
  cancelHref,
  submitLabel,
}: {
  mode: 'create' | 'edit';
  sections: readonly FormSection[];
  /** The record's values (an edit) or the blank form (a create). */
  initial: FormValues;
  /** The ETag of the record as shown (an edit): sent as If-Match. */
  etag?: string | null;
  toBody: (values: FormValues) => Body;
  /** The call: `body` is the whole form, `changed` only what differs from `initial`. */
  save: (
    api: ApiClient,
    form: { body: Body; changed: Partial<Body> },
    headers: ActionHeaders,
  ) => Promise<Result>;
  invalidates: readonly QueryKey[];
  onDone: (result: Result) => void;
  /** An edit refused because the record changed meanwhile: read it again (the form then shows it). */
  onReload?: () => void;
  cancelHref: string;
  submitLabel: string;
}) {
  const id = useId();
  const [values, setValues] = useState<FormValues>(initial);
  const [unchanged, setUnchanged] = useState(false);
  const action = useAction({ run: save, etag, invalidates, onDone });
  const set = (name: string, value: string | boolean) => {
    setUnchanged(false);
    setValues((current) => ({ ...current, [name]: value }));
  };

  const error = action.error;
  const refusal = error instanceof ApiRequestError ? error : null;
  const fieldNames = new Set(sections.flatMap((section) => section.fields.map((field) => field.name)));
  const fieldErrors = new Map(
    (refusal?.status === 400 ? (refusal.details ?? []) : [])
      .filter((detail) => fieldNames.has(detail.path))
      .map((detail) => [detail.path, detail.message]),
  );
  const otherDetails = (refusal?.details ?? []).filter((detail) => !fieldErrors.has(detail.path));
  const stale = refusal?.status === 412;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(values);
    const changed = changedFields(body, toBody(initial));
    if (mode === 'edit' && Object.keys(changed).length === 0) {
      setUnchanged(true);
      return;
    }
    action.mutate({ body, changed });
  };

  return (
    <form onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
      {sections.map((section) => (
        <fieldset key={section.legend} className="record-section">
          <legend>{section.legend}</legend>
          <div className="record-fields">
            {section.fields.map((field) => (
              <Control
                key={field.name}
                id={`${id}-${field.name}`}
                field={field}
                value={values[field.name]}
                error={fieldErrors.get(field.name)}
                onChange={(value) => set(field.name, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {error && (
        <div id={`${id}-error`}>
          {refusal ? (
            <div role="alert" className="error-message">
              <strong>{mode === 'edit' ? 'Not saved' : 'Not created'}: </strong>
              {refusal.message}
              {fieldErrors.size > 0 && <span> (said again under the field).</span>}
              {otherDetails.length > 0 && (
                <ul>
                  {otherDetails.map((detail, index) => (
                    <li key={index}>
                      <code>{detail.path}</code> {detail.message}
                    </li>
                  ))}
                </ul>
              )}
              {stale && onReload && (
                <p className="stale">
                  Someone changed it after you opened this form. Reload to see their version; your changes
                  here are then discarded.{' '}
                  <button type="button" className="secondary" onClick={onReload}>
                    Reload the latest version
                  </button>
                </p>
              )}
              {refusal.requestId && <small className="request-id">Request {refusal.requestId}</small>}
            </div>
          ) : (
            <ErrorMessage error={error} />
          )}
        </div>
      )}
      {unchanged && (
        <p role="status" className="muted">
          Nothing has changed: there is nothing to save.
        </p>
      )}
      <div className="actions">
        <button type="submit" aria-busy={action.isPending} disabled={action.isPending || stale}>
          {submitLabel}
        </button>
        <Link href={cancelHref} role="button" className="secondary outline">
          Cancel
        </Link>
      </div>
    </form>
  );
}

function Control({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: FormField;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const describedBy = [error && `${id}-problem`, field.hint && `${id}-hint`].filter(Boolean).join(' ');
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  const notes = (
    <>
      {error && (
        <small id={`${id}-problem`} className="field-problem">
          {field.label} {error}
        </small>
      )}
      {field.hint && <small id={`${id}-hint`}>{field.hint}</small>}
      {field.extra?.((next) => onChange(next))}
    </>
  );
  if (field.type === 'checkbox') {
    return (
      <div className="record-checkbox">
        <label htmlFor={id}>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {field.label}
        </label>
        {notes}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  // A select always holds one of its options: "optional" would only puzzle.
  const optional = !field.required && field.type !== 'select';
  const label = `${field.label}${optional ? ' (optional)' : ''}`;
  const width = field.type === 'textarea' ? 'record-wide' : field.wide ? 'record-span-2' : undefined;
  return (
    <div className={width}>
      <label htmlFor={id}>{label}</label>
      {field.type === 'select' ? (
        <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea {...common} rows={3} value={text} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={field.type ?? 'text'}
          step={field.type === 'number' ? (field.step ?? 'any') : undefined}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {notes}
    </div>
  );
}
