import { numberFlag, jsonFile, type Commands } from '../../platform/back-office/command.js';
import { requireOrganisation } from '../organisations/public.js';
import { setBom } from './steps/bom.js';
import { createCategory } from './steps/categories.js';
import { createUnitOfMeasure } from './steps/units-of-measure.js';

/** The products area's back-office commands, merged into the admin CLI (infra/admin). */
export const PRODUCT_COMMANDS: Commands = {
  'category create': {
    usage: 'category create --org <orgId> --name <n> [--parent <id>] [--sort-order <n>]',
    flags: ['org', 'name', 'parent', 'sort-order'],
    required: ['org', 'name'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      return createCategory({
        orgId: v.org!,
        name: v.name!,
        parentId: v.parent,
        sortOrder: numberFlag('sort-order', v['sort-order'], true),
      });
    },
  },
  'uom create': {
    usage:
      'uom create --org <orgId> --name <n> --abbreviation <a> --type UNIT|WEIGHT|VOLUME|LENGTH|AREA|TIME',
    flags: ['org', 'name', 'abbreviation', 'type'],
    required: ['org', 'name', 'abbreviation', 'type'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      return createUnitOfMeasure({
        orgId: v.org!,
        name: v.name!,
        abbreviation: v.abbreviation!,
        type: v.type!,
      });
    },
  },
  'bom set': {
    usage: 'bom set --org <orgId> --product <id> --file <lines.json>',
    flags: ['org', 'product', 'file'],
    required: ['org', 'product', 'file'],
    run: (v) => setBom({ orgId: v.org!, productId: v.product!, lines: jsonFile(v.file!) }),
  },
};
