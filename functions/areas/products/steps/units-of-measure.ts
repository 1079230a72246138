/**
 * `uom create` and `POST /units-of-measure` (design.md sections 5 and 7): a unit of measure of one of the
 * spec's types.
 */
import { newId } from '../../../platform/ids.js';
import { unprocessable } from '../../../../domain/errors.js';
import { UOM_TYPES } from '../../../../schemas/products.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { unitsOfMeasure, type UnitOfMeasure, type UomType } from '../store/reference-data.js';

export async function createUnitOfMeasure(
  input: { orgId: string; name: string; abbreviation: string; type: string },
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<UnitOfMeasure> {
  if (!(UOM_TYPES as readonly string[]).includes(input.type)) {
    throw unprocessable(`type must be one of ${UOM_TYPES.join(', ')}`);
  }
  const uom: UnitOfMeasure = {
    id: newId(),
    name: input.name,
    abbreviation: input.abbreviation,
    type: input.type as UomType,
  };
  await transact([
    unitsOfMeasure.createItem(input.orgId, uom),
    ...context.journal.items({
      audit: [
        {
          resourceType: 'unit_of_measure',
          resourceId: uom.id,
          action: 'create',
          changedFields: ['name', 'abbreviation', 'type'],
        },
      ],
      response: { status: 201, body: uom },
    }),
  ]);
  return uom;
}
