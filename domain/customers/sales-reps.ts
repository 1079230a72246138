/**
 * A sales rep changed by a merge-patch (design.md section 7, `PUT /sales-reps/{id}`): omitted keys keep
 * their values, and only the fields whose value moved are reported, so an unchanged patch writes nothing
 * and a patch of isActive alone to false is the rep's deactivation.
 */
export interface SalesRepFields {
  name: string;
  email: string;
  isActive: boolean;
}

export type SalesRepPatch = Partial<SalesRepFields>;

const PATCHABLE = ['name', 'email', 'isActive'] as const;

export function patchSalesRep<T extends SalesRepFields>(
  current: T,
  patch: SalesRepPatch,
): { next: T; changed: (keyof SalesRepFields)[]; action: 'update' | 'deactivate' } {
  const next: T = {
    ...current,
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.email !== undefined ? { email: patch.email } : {}),
    ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
  };
  const changed = PATCHABLE.filter((field) => next[field] !== current[field]);
  const action =
    changed.length === 1 && changed[0] === 'isActive' && !next.isActive ? 'deactivate' : 'update';
  return { next, changed, action };
}
