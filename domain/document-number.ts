/**
 * Document numbers drawn from a per-organisation sequence: prefix and the number zero-padded to six
 * digits (ADJ-000042), so they sort as text up to a million documents.
 */
export const documentNumber = (prefix: string, sequence: number): string =>
  `${prefix}-${String(sequence).padStart(6, '0')}`;
