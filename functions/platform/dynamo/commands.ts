/**
 * The DynamoDB SDK surface areas may use. Areas reach the SDK only through platform/dynamo (lint enforces
 * it), so an SDK upgrade or a change of client touches this folder alone.
 */
export {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
export { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
