import type { ErrorObject } from 'ajv';
import type { ErrorDetail } from '../../../domain/errors.js';

/** "/lines/0/productId" -> "lines[0].productId" */
function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function pathOf(error: ErrorObject): string {
  const base = pointerToPath(error.instancePath);
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    return base ? `${base}.${missing}` : missing;
  }
  return base;
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'false schema':
      return 'is not accepted';
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'type':
      return `must be ${String(error.params.type).replace(',', ' or ')}`;
    case 'pattern':
      return error.params.pattern === '\\S'
        ? 'must not be blank'
        : `must match ${String(error.params.pattern)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * One detail per failing field, in the order ajv met them. A nullable field fails once per anyOf branch;
 * those are folded into one message ("must be string or null") unless one branch failed on something
 * other than its type (a too-long string), which is the message worth showing.
 */
export function toErrorDetails(errors: readonly ErrorObject[]): ErrorDetail[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const path = pathOf(error);
    byPath.set(path, [...(byPath.get(path) ?? []), error]);
  }
  return [...byPath].map(([path, group]) => {
    // A format failure says more than the alternatives tried around it (an email that may also be "").
    const specific =
      group.find((e) => e.keyword === 'format') ??
      group.find((e) => e.keyword !== 'type' && e.keyword !== 'anyOf');
    if (specific) return { path: path || 'body', message: messageOf(specific) };
    const types = group.filter((e) => e.keyword === 'type').map((e) => String(e.params.type));
    return { path: path || 'body', message: `must be ${[...new Set(types)].join(' or ')}` };
  });
}
