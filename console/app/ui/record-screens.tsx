/**
 * The screens around a record's form (ui/record-form): "New customer" and "Edit <name>", with their
 * breadcrumb back, and the edit's wait for a finished read of the record (usePinnedRecord), its refusal
 * and its loading state. Customers, suppliers and products differ only in their form; customers and
 * suppliers also save alike, so recordFormScreens makes both of their screens.
 */
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { ApiClient } from '../../client/index.js';
import type { ActionHeaders } from './actions.js';
import { useStartingCurrency } from './currency-choice.js';
import { ErrorMessage } from './ErrorMessage.js';
import { RecordForm, usePinnedRecord, type FormSection, type FormValues } from './record-form.js';

/** What the screens call a kind of record and where its list is. */
export interface RecordNoun {
  /** Lower case, as in "New customer". */
  singular: string;
  /** Capitalised, as the list's breadcrumb says it. */
  plural: string;
  listHref: string;
}

export function RecordCreateScreen({ noun, children }: { noun: RecordNoun; children: ReactNode }) {
  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={noun.listHref}>{noun.plural}</Link>
      </nav>
      <header className="screen-header">
        <h1>New {noun.singular}</h1>
      </header>
      {children}
    </section>
  );
}

/** A record as read for its edit: its data and the ETag the form sends as If-Match. */
export interface PinnedRecord<T> {
  data: T;
  etag: string | null;
}

/**
 * The edit screen: once the record is read, `form` renders the form on that version; `reload` reads it
 * again (after a 412) and the form restarts on the new version.
 */
export function RecordEditScreen<T extends { name: string }>({
  noun,
  href,
  detail,
  form,
}: {
  noun: RecordNoun;
  /** The record's own screen: the breadcrumb's target. */
  href: string;
  detail: UseQueryResult<PinnedRecord<T>>;
  form: (record: PinnedRecord<T>, reload: () => void) => ReactNode;
}) {
  const { record, reload } = usePinnedRecord(detail);
  if (!record) {
    if (detail.isError) {
      return (
        <section>
          <h1>Edit {noun.singular}</h1>
          <ErrorMessage error={detail.error} />
          <Link href={noun.listHref}>All {noun.plural.toLowerCase()}</Link>
        </section>
      );
    }
    return <p aria-busy="true">Loading the {noun.singular}…</p>;
  }
  return (
    <section>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={href}>{record.data.name}</Link>
      </nav>
      <header className="screen-header">
        <h1>Edit {record.data.name}</h1>
      </header>
      {form(record, () => void reload())}
    </section>
  );
}

/**
 * The create and edit screens of a record created whole from its form (starting in the organisation's
 * currency) and edited by a merge-patch of the fields changed, under If-Match: customers and suppliers.
 * Each opens its own screen when saved; `listHref/<id>` is the record's screen.
 */
export function recordFormScreens<
  T extends { name: string; updatedAt: string },
  Body extends object,
>(record: {
  noun: RecordNoun;
  sections: readonly FormSection[];
  valuesOf: (record: T) => FormValues;
  toBody: (values: FormValues) => Body;
  /** What a save refreshes: the kind's lists and details. */
  queryKey: QueryKey;
  /** The read of the record for its edit (useDetail). */
  useRecord: (id: string) => UseQueryResult<PinnedRecord<T>>;
  create: (api: ApiClient, body: Body, headers: ActionHeaders) => Promise<{ id: string }>;
  update: (api: ApiClient, id: string, changed: Partial<Body>, headers: ActionHeaders) => Promise<unknown>;
}) {
  const { noun, sections, toBody } = record;
  const hrefOf = (id: string) => `${noun.listHref}/${id}`;

  function Create() {
    const [, navigate] = useLocation();
    const currency = useStartingCurrency();
    return (
      <RecordCreateScreen noun={noun}>
        {currency === undefined ? (
          <p aria-busy="true">Loading…</p>
        ) : (
          <RecordForm
            mode="create"
            sections={sections}
            initial={{ currency }}
            toBody={toBody}
            save={(api, { body }, headers) => record.create(api, body, headers)}
            invalidates={[record.queryKey]}
            onDone={(created) => navigate(hrefOf(created.id))}
            cancelHref={noun.listHref}
            submitLabel={`Create ${noun.singular}`}
          />
        )}
      </RecordCreateScreen>
    );
  }

  function Edit() {
    const { id } = useParams<{ id: string }>();
    const [, navigate] = useLocation();
    const detail = record.useRecord(id);
    return (
      <RecordEditScreen
        noun={noun}
        href={hrefOf(id)}
        detail={detail}
        form={({ data, etag }, reload) => (
          <RecordForm
            // A reloaded version starts a new form on its values and ETag.
            key={etag ?? data.updatedAt}
            mode="edit"
            sections={sections}
            initial={record.valuesOf(data)}
            etag={etag}
            toBody={toBody}
            save={(api, { changed }, headers) => record.update(api, id, changed, headers)}
            invalidates={[record.queryKey]}
            onDone={() => navigate(hrefOf(id))}
            onReload={reload}
            cancelHref={hrefOf(id)}
            submitLabel="Save changes"
          />
        )}
      />
    );
  }

  return { Create, Edit };
}
