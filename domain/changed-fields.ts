/** Bookkeeping every write moves: not a change the audit log reports. */
const BOOKKEEPING = new Set(['version', 'updatedAt']);

/** The fields whose values differ between two states of one record (compared as JSON), for the audit log. */
export const changedFields = <T extends object>(before: T, after: T): string[] =>
  Object.keys(after).filter(
    (k) =>
      !BOOKKEEPING.has(k) && JSON.stringify(before[k as keyof T]) !== JSON.stringify(after[k as keyof T]),
  );
