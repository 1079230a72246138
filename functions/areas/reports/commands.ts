import { instantFlag, type Commands } from '../../platform/back-office/command.js';
import { requireOrganisation } from '../organisations/public.js';
import { rebuildMovements } from './ledger-projection.js';

/** The reports area's back-office commands, merged into the admin CLI (infra/admin). */
export const REPORT_COMMANDS: Commands = {
  'report rebuild-movements': {
    usage: 'report rebuild-movements --org <orgId> [--from <ISO instant>]',
    flags: ['org', 'from'],
    required: ['org'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      return rebuildMovements({ orgId: v.org!, from: instantFlag('from', v.from) });
    },
  },
};
