/**
 * `category create` and `POST /categories` (design.md sections 5 and 7): a category, under an existing
 * parent of the organisation when one is named. Names need not be unique (the spec keys categories by id).
 */
import { newId } from '../../../platform/ids.js';
import { invalidReference } from '../../../../domain/errors.js';
import { transact } from '../../../platform/dynamo/transact.js';
import { backOfficeContext, type WriteContext } from '../../../platform/journal/write-context.js';
import { categories, type Category } from '../store/reference-data.js';

export async function createCategory(
  input: { orgId: string; name: string; parentId?: string | null; sortOrder?: number | null },
  context: WriteContext = backOfficeContext(input.orgId),
): Promise<Category> {
  if (input.parentId) {
    const parent = await categories.getByKey(categories.key(input.orgId, input.parentId));
    if (!parent) throw invalidReference('parentId', 'Category');
  }
  const category: Category = {
    id: newId(),
    name: input.name,
    parentId: input.parentId ?? null,
    sortOrder: input.sortOrder ?? 0,
  };
  await transact([
    categories.createItem(input.orgId, category),
    ...context.journal.items({
      audit: [
        {
          resourceType: 'category',
          resourceId: category.id,
          action: 'create',
          changedFields: ['name', 'parentId', 'sortOrder'],
        },
      ],
      response: { status: 201, body: category },
    }),
  ]);
  return category;
}
