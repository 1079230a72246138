import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';

export { SQSClient };

export interface QueueMessage {
  body: string;
  delaySeconds?: number;
}

/** SendMessageBatch takes at most 10 entries per call. */
const BATCH = 10;
const ATTEMPTS = 3;

/**
 * SendMessageBatch can fail single entries while the call succeeds; those are resent, and if they still
 * fail this throws so the caller's own message is retried.
 */
export function sqsBatchSender(
  client: SQSClient,
  queueUrl: string,
  /** Names the messages in the error, e.g. "delivery message(s)". */
  what = 'message(s)',
): { send(messages: readonly QueueMessage[]): Promise<void> } {
  return {
    async send(messages) {
      for (let i = 0; i < messages.length; i += BATCH) {
        let entries = messages.slice(i, i + BATCH).map((m, n) => ({
          Id: String(n),
          MessageBody: m.body,
          DelaySeconds: m.delaySeconds,
        }));
        for (let attempt = 1; entries.length > 0; attempt += 1) {
          const result = await client.send(
            new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }),
          );
          const failed = new Set((result.Failed ?? []).map((f) => f.Id));
          entries = entries.filter((e) => failed.has(e.Id));
          if (entries.length > 0 && attempt >= ATTEMPTS) {
            throw new Error(`SQS refused ${entries.length} ${what} after ${ATTEMPTS} attempts`);
          }
        }
      }
    },
  };
}
