import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

/**
 * The new image of a stream record that inserted an item of `entity`, as a plain object; null for any
 * other record. Stream consumers in areas read images through this (areas do not import the SDK).
 */
export function insertedImage(record: DynamoDBRecord, entity: string): Record<string, unknown> | null {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.entity?.S !== entity) return null;
  // aws-lambda's AttributeValue and the SDK's describe the same wire shape.
  return unmarshall(image as Record<string, AttributeValue>);
}
