import '../infra/node-support.js';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

// Point the store at the run's DynamoDB Local before any module creates its client.
process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.TABLE_NAME = inject('tableName');
process.env.AWS_REGION = 'local';
// Request logs and metrics of every test would drown the report; LOG_LEVEL=DEBUG shows them.
process.env.LOG_LEVEL ??= 'SILENT';
// Webhook secrets are sealed with a key of this run (functions/platform/secrets/local-sealer.ts) rather
// than one written into .data/.
process.env.WEBHOOK_SECRET_KEY ??= randomBytes(32).toString('base64');
