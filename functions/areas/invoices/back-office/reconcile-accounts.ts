/**
 * `invoice reconcile-accounts [--org <orgId>]`: the back-office repair of customers' accounts (issue 25
 * item 1). Each customer's outstandingBalance is recomputed from its invoices (the sum of the open
 * balances, domain/invoices/customer-account.ts) and written where it differs, so accounts that drifted
 * before every write moved them by the change in balanceDue are put right. Idempotent: a second run finds
 * nothing to change.
 *
 * Each customer is read and written on its own: its account first (consistent), then its invoices by key
 * (consistent), and the new figure is written conditioned on the account still holding what was read. A
 * payment, credit, send or void landing in between moves the account, fails the condition, and the
 * customer is read and decided again. The customers looked at are those with invoices (an account moves
 * only with its invoices); without --org, every organisation's.
 */
import { accountBalanceOf } from '../../../../domain/invoices/customer-account.js';
import type { Invoice } from '../../../../domain/invoices/invoice.js';
import { backOfficeJournal, BackOfficeError } from '../../../platform/back-office/actor.js';
import { ScanCommand } from '../../../platform/dynamo/commands.js';
import { db } from '../../../platform/dynamo/client.js';
import { writeOptimistically } from '../../../platform/dynamo/optimistic.js';
import { queryAll } from '../../../platform/dynamo/query-window.js';
import { rawItem, readBatch } from '../../../platform/dynamo/read-batch.js';
import { tableName } from '../../../platform/dynamo/table-definition.js';
import { guard, transact } from '../../../platform/dynamo/transact.js';
import { requireOrganisation } from '../../organisations/public.js';
import { customerAccountKey } from '../../customers/public.js';
import { invoiceKey, invoicePartitions, invoices } from '../store/invoices.js';

export interface AccountCorrection {
  orgId: string;
  customerId: string;
  outstandingBalance: { before: number; after: number };
}

export interface ReconcileResult {
  organisations: number;
  customersChecked: number;
  changed: AccountCorrection[];
}

/** Every organisation's id (the organisation items, SK ORG, PK O#<orgId>). */
async function allOrganisations(): Promise<string[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :org',
        ProjectionExpression: 'PK',
        ExpressionAttributeValues: { ':org': 'ORG' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) ids.push(String(item.PK).slice('O#'.length));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ids.sort();
}

/** The organisation's invoice ids per customer (GSI1; the invoices themselves are read by key). */
async function invoiceIdsByCustomer(orgId: string): Promise<Map<string, string[]>> {
  const rows = await queryAll<{ id: string; customerId: string }>({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ProjectionExpression: 'id, customerId',
    ExpressionAttributeValues: { ':pk': invoicePartitions.all(orgId) },
  });
  const byCustomer = new Map<string, string[]>();
  for (const row of rows) byCustomer.set(row.customerId, [...(byCustomer.get(row.customerId) ?? []), row.id]);
  return byCustomer;
}

async function reconcileCustomer(
  orgId: string,
  customerId: string,
  invoiceIds: string[],
): Promise<AccountCorrection | null> {
  return writeOptimistically({
    run: async () => {
      const accountRead = readBatch();
      accountRead.get(rawItem, customerAccountKey(orgId, customerId));
      await accountRead.run();
      const seen = accountRead.item(customerAccountKey(orgId, customerId))?.outstandingBalance as
        number | undefined;
      const invoiceRead = readBatch();
      const slots = invoiceIds.map((id) => invoiceRead.get(invoices, invoiceKey(orgId, id)));
      await invoiceRead.run();
      const owed = accountBalanceOf(
        slots.map((s) => s.value).filter((i): i is Invoice => i !== null && i.customerId === customerId),
      );
      if (owed === (seen ?? 0)) return null;
      await transact([
        guard(
          {
            Update: {
              TableName: tableName(),
              Key: customerAccountKey(orgId, customerId),
              UpdateExpression: 'SET outstandingBalance = :owed',
              ConditionExpression:
                seen === undefined
                  ? 'attribute_not_exists(outstandingBalance)'
                  : 'outstandingBalance = :seen',
              ExpressionAttributeValues: { ':owed': owed, ...(seen === undefined ? {} : { ':seen': seen }) },
            },
          },
          () => 'retry',
        ),
        ...backOfficeJournal(orgId).items({
          audit: [
            {
              resourceType: 'customer',
              resourceId: customerId,
              action: 'reconcile_account',
              changedFields: ['outstandingBalance'],
            },
          ],
        }),
      ]);
      return { orgId, customerId, outstandingBalance: { before: seen ?? 0, after: owed } };
    },
    onExhausted: () =>
      new BackOfficeError(
        `Customer ${customerId}'s account kept changing while it was reconciled; run the command again`,
      ),
  });
}

export async function reconcileCustomerAccounts(input: { orgId?: string }): Promise<ReconcileResult> {
  if (input.orgId) await requireOrganisation(input.orgId);
  const orgIds = input.orgId ? [input.orgId] : await allOrganisations();
  const result: ReconcileResult = { organisations: orgIds.length, customersChecked: 0, changed: [] };
  for (const orgId of orgIds) {
    for (const [customerId, ids] of await invoiceIdsByCustomer(orgId)) {
      result.customersChecked += 1;
      const correction = await reconcileCustomer(orgId, customerId, ids);
      if (correction) result.changed.push(correction);
    }
  }
  return result;
}
