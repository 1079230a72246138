/**
 * Places areas' declarations: each endpoint gets its area and the Lambda that serves it. The catalogue
 * (functions/catalogue.ts) places every area's; a group's entry places only its own areas', so a bundle
 * neither loads nor builds the other groups' declarations at import (issue 29 item 1, the cold start).
 * Both read the same declaration per endpoint (functions/areas/<area>/endpoints.ts).
 */
import type { LAMBDAS } from '../../lambdas.js';
import { AREAS, lambdaOf, type Area, type Group } from '../../lambdas.js';
import type { Declared, Endpoint } from './endpoint.js';

/** One area's declarations with their area and Lambda. */
export const placed = (area: Area, declared: readonly Declared[]): Endpoint[] =>
  declared.map((d) => ({ ...d, area, group: lambdaOf(area) }));

/** The areas one Lambda serves, as its declarations arrive: exactly these keys, no other area's. */
export type GroupDeclarations<G extends Group> = Readonly<
  Record<(typeof LAMBDAS)[G][number], readonly Declared[]>
>;

/** The endpoints a group serves, in the catalogue's order (endpointsOf in functions/catalogue.ts). */
export function groupEndpoints<G extends Group>(group: G, declared: GroupDeclarations<G>): Endpoint[] {
  const own: Partial<Record<Area, readonly Declared[]>> = declared;
  return AREAS.flatMap((area) => {
    const declarations = own[area];
    return declarations && lambdaOf(area) === group ? placed(area, declarations) : [];
  });
}
