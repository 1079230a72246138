/**
 * The screens around a record's form (ui/record-form): "New customer" and "Edit <name>", with their
 * breadcrumb back, and the edit's wait for a finished read of the record (usePinnedRecord), its refusal
 * and its loading state. Customers, suppliers and products differ only in their form.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ErrorMessage } from './ErrorMessage.js';
import { usePinnedRecord } from './record-form.js';

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
