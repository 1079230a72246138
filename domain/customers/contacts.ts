import { unprocessable } from '../errors.js';

export interface ContactInput {
  name: string;
  role?: string | null;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  isPrimary?: boolean;
}

export interface Contact {
  id: string;
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  isPrimary: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The spec's "null or empty means no value": both are stored as null. */
export const optionalText = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/** A contact built from its full body (a PUT replaces every field, clearing the omitted ones). */
export function contactFromInput(
  input: ContactInput,
  meta: { id: string; createdAt: string; now: string },
): Contact {
  return {
    id: meta.id,
    name: input.name,
    role: optionalText(input.role),
    email: optionalText(input.email),
    phone: optionalText(input.phone),
    mobile: optionalText(input.mobile),
    isPrimary: input.isPrimary ?? false,
    createdAt: meta.createdAt,
    updatedAt: meta.now,
  };
}

/**
 * Keeps exactly one primary while contacts exist. `flagged` is the contact this write marked primary (every
 * other loses the flag); when none is primary the oldest becomes it, passing over `declined` (a contact
 * this write un-flagged) unless it is the only one. Contacts are kept oldest first.
 */
export function settlePrimary(
  contacts: Contact[],
  changes: { flagged?: string; declined?: string },
): Contact[] {
  let next = contacts.map((c) =>
    changes.flagged && c.id !== changes.flagged ? { ...c, isPrimary: false } : c,
  );
  if (next.length > 0 && !next.some((c) => c.isPrimary)) {
    const heir = next.find((c) => c.id !== changes.declined) ?? next[0]!;
    next = next.map((c) => (c.id === heir.id ? { ...c, isPrimary: true } : c));
  }
  return next;
}

/** Create-time contacts: at most one flagged primary; none flagged makes the first primary. */
export function initialContacts(contacts: Contact[]): Contact[] {
  if (contacts.filter((c) => c.isPrimary).length > 1) {
    throw unprocessable('At most one contact can have isPrimary true');
  }
  return settlePrimary(contacts, {});
}

/** Primary first, then oldest (contacts are stored oldest first). */
export const contactsInOrder = (contacts: Contact[]): Contact[] => [
  ...contacts.filter((c) => c.isPrimary),
  ...contacts.filter((c) => !c.isPrimary),
];
