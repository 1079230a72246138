import { optionalText } from '../customers/contacts.js';
import type { Currency } from '../currency.js';

export interface SupplierFields {
  code: string;
  name: string;
  /** email and salesContactEmail accept null, coerced to "" (Supplier section). */
  email: string;
  salesContactEmail: string;
  phone: string | null;
  address: string | null;
  postcode: string | null;
  department: string | null;
  taxNumber: string | null;
  salesContactName: string | null;
  salesContactPhone: string | null;
  notes: string | null;
  currency: Currency;
}

export interface SupplierState extends SupplierFields {
  id: string;
  isActive: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type SupplierInput = { [K in keyof SupplierFields]?: SupplierFields[K] | null } & {
  isActive?: boolean;
};

const EMAILS = ['email', 'salesContactEmail'] as const;
const TEXTS = [
  'phone',
  'address',
  'postcode',
  'department',
  'taxNumber',
  'salesContactName',
  'salesContactPhone',
  'notes',
] as const;

/** Applies the null rules of the supplier body to the keys present. */
function normalise(input: SupplierInput): Partial<SupplierFields> & { isActive?: boolean } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if ((EMAILS as readonly string[]).includes(key)) out[key] = value ?? '';
    else if ((TEXTS as readonly string[]).includes(key)) out[key] = optionalText(value as string | null);
    else out[key] = value;
  }
  return out;
}

export function createSupplier(input: SupplierInput, meta: { id: string; now: string }): SupplierState {
  const given = normalise(input);
  return {
    email: '',
    salesContactEmail: '',
    phone: null,
    address: null,
    postcode: null,
    department: null,
    taxNumber: null,
    salesContactName: null,
    salesContactPhone: null,
    notes: null,
    currency: 'NZD',
    ...given,
    code: given.code!,
    name: given.name!,
    id: meta.id,
    isActive: true,
    version: 1,
    createdAt: meta.now,
    updatedAt: meta.now,
  };
}

/** Merge-patch: only keys present change. */
export function patchSupplier(current: SupplierState, patch: SupplierInput, now: string): SupplierState {
  return { ...current, ...normalise(patch), version: current.version + 1, updatedAt: now };
}
