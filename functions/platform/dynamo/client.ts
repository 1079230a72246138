import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from '../observability/tracer.js';
import { config } from '../config.js';

let documentClient: DynamoDBDocumentClient | undefined;

/** Local endpoints (DynamoDB Local) take fixed dummy credentials; in AWS the Lambda role's are used. */
export function clientConfig(): DynamoDBClientConfig {
  const endpoint = config.dynamodbEndpoint;
  if (!endpoint) return { maxAttempts: 3 };
  return {
    endpoint,
    region: config.region ?? 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
  };
}

/** One client per process, created on first use so configuration can be set before it. */
export function db(): DynamoDBDocumentClient {
  documentClient ??= traced(
    DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig()), {
      marshallOptions: { removeUndefinedValues: true },
    }),
  );
  return documentClient;
}

/** Drops the client so the next call builds one from the current configuration (tests of outages). */
export function resetDbClient(): void {
  documentClient?.destroy();
  documentClient = undefined;
}
