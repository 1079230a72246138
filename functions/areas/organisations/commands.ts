import {
  UsageError,
  scopesFlag,
  permissionsFlag,
  numberFlag,
  instantFlag,
  type Commands,
} from '../../platform/back-office/command.js';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './steps/api-keys.js';
import {
  createOrganisation,
  requireOrganisation,
  setOrganisationCreditMode,
} from './back-office/organisations.js';
import { setOrganisationExchangeRate } from './back-office/exchange-rates.js';
import { listAudit } from '../../platform/journal/audit.js';
import { setOrganisationLimits } from '../../platform/access/rate-limits.js';
import { recountOrganisation } from '../../platform/dynamo/collection-recount.js';

/** The organisations area's back-office commands, merged into the admin CLI (infra/admin). */
export const ORGANISATION_COMMANDS: Commands = {
  'org create': {
    usage: 'org create --name <name> [--currency NZD]',
    flags: ['name', 'currency'],
    required: ['name'],
    run: (v) => createOrganisation({ name: v.name!, currency: v.currency }),
  },
  'org set-limits': {
    usage: 'org set-limits --org <orgId> [--per-key <n>] [--per-org <n>]',
    flags: ['org', 'per-key', 'per-org'],
    required: ['org'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      const perKey = numberFlag('per-key', v['per-key'], true);
      const perOrg = numberFlag('per-org', v['per-org'], true);
      if (perKey === 0 || perOrg === 0) throw new UsageError('limits must be at least 1');
      return { id: v.org!, rateLimits: await setOrganisationLimits(v.org!, { perKey, perOrg }) };
    },
  },
  'org set-credit-mode': {
    usage: 'org set-credit-mode --org <orgId> --mode BLOCK|WARN',
    flags: ['org', 'mode'],
    required: ['org', 'mode'],
    run: (v) => setOrganisationCreditMode(v.org!, v.mode!),
  },
  'org recount': {
    usage: 'org recount --org <orgId>',
    flags: ['org'],
    required: ['org'],
    // The recount-collections job's pass for one organisation, uncapped.
    run: async (v) => {
      await requireOrganisation(v.org!);
      return { id: v.org!, ...(await recountOrganisation(v.org!, Number.POSITIVE_INFINITY)) };
    },
  },
  'org set-exchange-rate': {
    usage: 'org set-exchange-rate --org <orgId> --currency <USD> --rate <base units per one USD>',
    flags: ['org', 'currency', 'rate'],
    required: ['org', 'currency', 'rate'],
    run: (v) => setOrganisationExchangeRate(v.org!, v.currency!, v.rate!),
  },
  'key create': {
    usage:
      'key create --org <orgId> [--scopes write] [--permissions p1,p2|all] [--expires-at <iso>] [--name <n>]',
    flags: ['org', 'scopes', 'permissions', 'expires-at', 'name'],
    required: ['org'],
    run: (v) =>
      createApiKey({
        orgId: v.org!,
        name: v.name,
        scopes: scopesFlag(v.scopes),
        permissions: permissionsFlag(v.permissions),
        expiresAt: instantFlag('expires-at', v['expires-at']),
      }),
  },
  'key rotate': {
    usage: 'key rotate --org <orgId> --id <keyId> [--grace-hours 24]',
    flags: ['org', 'id', 'grace-hours'],
    required: ['org', 'id'],
    run: async (v) => {
      const { id, key, previousValidUntil } = await rotateApiKey({
        orgId: v.org!,
        keyId: v.id!,
        graceHours: numberFlag('grace-hours', v['grace-hours']),
      });
      return { id, key, previousValidUntil };
    },
  },
  'key revoke': {
    usage: 'key revoke --org <orgId> --id <keyId>',
    flags: ['org', 'id'],
    required: ['org', 'id'],
    run: (v) => revokeApiKey({ orgId: v.org!, keyId: v.id! }),
  },
  'key list': {
    usage: 'key list --org <orgId>',
    flags: ['org'],
    required: ['org'],
    run: (v) => listApiKeys(v.org!),
  },
  'audit list': {
    usage: 'audit list --org <orgId> [--resource <type>] [--id <id>] [--since <iso>]',
    flags: ['org', 'resource', 'id', 'since'],
    required: ['org'],
    run: async (v) => {
      await requireOrganisation(v.org!);
      const data = await listAudit(v.org!, {
        resourceType: v.resource,
        resourceId: v.id,
        since: instantFlag('since', v.since),
      });
      return { data };
    },
  },
};
