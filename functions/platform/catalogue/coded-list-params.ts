import type { QueryParam } from '../../../domain/listing/query-params.js';
import { modifiedSince, PAGE_PARAMS, search, sortDir } from './endpoint.js';

export const CODED_SORTS = ['name', 'code', 'createdAt', 'updatedAt'] as const;

/** The list parameters customers and suppliers share. */
export const codedListParams = (what: string) =>
  [
    ...PAGE_PARAMS,
    search('name, code and email'),
    { name: 'code', type: 'string', maxLength: 20, description: `Exact ${what} code, case-sensitive.` },
    {
      name: 'includeInactive',
      type: 'boolean',
      acceptsOne: true,
      description: `true or 1 includes inactive ${what}s.`,
    },
    modifiedSince,
    { name: 'sortBy', type: 'enum', values: CODED_SORTS, default: 'name', description: 'Sort key.' },
    { ...sortDir, description: 'Sort direction (default asc).' },
  ] as const satisfies readonly QueryParam[];
