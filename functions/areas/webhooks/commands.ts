import { numberFlag, type Commands } from '../../platform/back-office/command.js';
import { dispatchDue } from './dispatch.js';

/** The webhooks area's back-office commands, merged into the admin CLI (infra/admin). */
export const WEBHOOK_COMMANDS: Commands = {
  'webhooks dispatch': {
    usage: 'webhooks dispatch [--org <orgId>] [--limit 500]',
    flags: ['org', 'limit'],
    required: [],
    run: (v) => dispatchDue({ orgId: v.org, limit: numberFlag('limit', v.limit, true) }),
  },
};
