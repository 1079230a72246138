import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointByRouteKey } from '../../functions/catalogue.js';
import { GROUPS, type Group } from '../../functions/lambdas.js';
import { routeKey } from '../../functions/platform/catalogue/endpoint.js';
import { TABLE_DEFINITION } from '../../functions/platform/dynamo/table-definition.js';
import { ApiStack, EVENT_FUNCTIONS, type EventFunction } from '../../infra/stack.js';

// An empty bundling-stacks list skips esbuild: these tests check the template, not the bundles.
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new ApiStack(app, 'Test');
const template = Template.fromStack(stack);

const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const tableId = logicalId(stack.table);
const functionId = (group: Group) => logicalId(stack.functions[group]);
const resources = (type: string) => Object.values(template.findResources(type)) as any[];
function resource(type: string, id: string): any {
  const found = template.findResources(type)[id];
  if (!found) throw new Error(`No ${type} ${id} in the template`);
  return found;
}

/** Every IAM statement reaching a function's role, inline or through an attached policy. */
function statementsOf(group: Group | EventFunction): any[] {
  const fn =
    group in stack.functions ? stack.functions[group as Group] : stack.eventFunctions[group as EventFunction];
  const roleId = logicalId(fn.role!);
  const role = resource('AWS::IAM::Role', roleId);
  const inline = (role.Properties.Policies ?? []).map((p: any) => p.PolicyDocument);
  const attached = resources('AWS::IAM::Policy')
    .filter((p) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
    .map((p) => p.Properties.PolicyDocument);
  return [...inline, ...attached].flatMap((doc) => doc.Statement);
}
const actionsOf = (statement: any): string[] => [statement.Action].flat();

describe('routes', () => {
  const routes = resources('AWS::ApiGatewayV2::Route');

  it('match the catalogue one-to-one', () => {
    const expected = ENDPOINTS.map(routeKey);
    expect(new Set(expected).size).toBe(expected.length);
    expect(routes).toHaveLength(ENDPOINTS.length);
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual([...expected].sort());
  });

  it("each integrate with their endpoint group's function, as a v2 Lambda proxy", () => {
    for (const route of routes) {
      const endpoint = endpointByRouteKey(route.Properties.RouteKey)!;
      expect(route.Properties.Target).toEqual({
        'Fn::Join': ['', ['integrations/', { Ref: expect.any(String) }]],
      });
      const integration = resource(
        'AWS::ApiGatewayV2::Integration',
        route.Properties.Target['Fn::Join'][1][1].Ref,
      );
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [functionId(endpoint.group), 'Arn'] },
      });
    }
  });
});

describe('functions', () => {
  it('one per group, plus the four of the event path and the scheduled jobs', () => {
    template.resourceCountIs('AWS::Lambda::Function', GROUPS.length + EVENT_FUNCTIONS.length + 1);
  });

  it.each(GROUPS)(
    '%s: Node.js 22 on arm64, 512 MB, 10 s, the table name, no source maps by default',
    (group) => {
      const fn = resource('AWS::Lambda::Function', functionId(group));
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 10,
        Environment: { Variables: { TABLE_NAME: { Ref: tableId } } },
      });
      expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref;
      expect(resource('AWS::Logs::LogGroup', logGroupId).Properties.RetentionInDays).toBe(30);
    },
  );
});

describe('table', () => {
  const table = resource('AWS::DynamoDB::Table', tableId);

  it('has the PK/SK key schema, on demand, retained on delete', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    expect(table.Properties.KeySchema).toEqual([
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ]);
    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });

  it('has five GSIs projecting all attributes and the slim GSI5 projecting only `slim`', () => {
    const indexes = table.Properties.GlobalSecondaryIndexes;
    expect(indexes.map((i: any) => i.IndexName)).toEqual(['GSI1', 'GSI2', 'GSI3', 'GSI4', 'GSI5', 'GSI6']);
    for (const [n, index] of indexes.entries()) {
      expect(index).toEqual({
        IndexName: `GSI${n + 1}`,
        KeySchema: [
          { AttributeName: `GSI${n + 1}PK`, KeyType: 'HASH' },
          { AttributeName: `GSI${n + 1}SK`, KeyType: 'RANGE' },
        ],
        Projection:
          n === 4 ? { ProjectionType: 'INCLUDE', NonKeyAttributes: ['slim'] } : { ProjectionType: 'ALL' },
      });
    }
    const keys = ['PK', 'SK', ...TABLE_DEFINITION.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
    expect(table.Properties.AttributeDefinitions).toHaveLength(keys.length);
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(keys.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
  });

  it('has TTL, the stream and point-in-time recovery', () => {
    expect(table.Properties).toMatchObject({
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});

describe('table access', () => {
  const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
  const dynamoActionsOf = (group: Group) =>
    statementsOf(group)
      .flatMap(actionsOf)
      .filter((a) => a === '*' || a.startsWith('dynamodb:'));

  it('products reads and writes the table and its indexes', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: logicalId(stack.functions.products.role!) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: Match.arrayWith([
              'dynamodb:Query',
              'dynamodb:GetItem',
              'dynamodb:PutItem',
              'dynamodb:DeleteItem',
            ]),
            Resource: [tableArn, { 'Fn::Join': ['', [tableArn, '/index/*']] }],
          }),
        ]),
      },
    });
  });

  it('meta has no DynamoDB permission at all', () => {
    // Control: the same lookup does see the products grants, so an empty result for meta means something.
    expect(dynamoActionsOf('products')).toContain('dynamodb:PutItem');
    expect(dynamoActionsOf('meta')).toEqual([]);
  });
});

describe('event path', () => {
  const eventFunctionId = (name: EventFunction) => logicalId(stack.eventFunctions[name]);
  const queueId = (queue: typeof stack.deliveryQueue) => logicalId(queue);
  const busArn = { 'Fn::GetAtt': [logicalId(stack.bus), 'Arn'] };
  // The stream event source adds its own read actions on the stream ARN; those are not table data access.
  const STREAM_ACTIONS = new Set([
    'dynamodb:DescribeStream',
    'dynamodb:GetRecords',
    'dynamodb:GetShardIterator',
    'dynamodb:ListStreams',
  ]);
  const tableDataActions = (name: EventFunction) =>
    statementsOf(name)
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('dynamodb:') && !STREAM_ACTIONS.has(a))
      .sort();

  it('the publisher consumes outbox inserts from the stream; a poison record cannot block its shard', () => {
    const mappings = resources('AWS::Lambda::EventSourceMapping').filter(
      (m) => m.Properties.FunctionName.Ref === eventFunctionId('publisher'),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0].Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [queueId(stack.publisherFailures), 'Arn'] } },
      },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { entity: { S: ['Outbox'] } } },
            }),
          },
        ],
      },
    });
  });

  it('the ledger projector consumes ledger inserts from the stream; a record failing on is parked, not blocking', () => {
    const mappings = resources('AWS::Lambda::EventSourceMapping').filter(
      (m) => m.Properties.FunctionName.Ref === eventFunctionId('ledgerProjector'),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0].Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 21600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [queueId(stack.projectionFailures), 'Arn'] } },
      },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { entity: { S: ['LedgerEntry'] } } },
            }),
          },
        ],
      },
    });
    expect(tableDataActions('ledgerProjector')).toEqual(['dynamodb:BatchWriteItem']);
  });

  it('the bus rule sends our events to the delivery queue, which has a dead-letter queue', () => {
    const rules = resources('AWS::Events::Rule').filter((r) => r.Properties.EventPattern);
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties.EventPattern).toEqual({ source: ['stockflow.api'] });
    expect(rules[0].Properties.EventBusName).toEqual({ Ref: logicalId(stack.bus) });
    expect(rules[0].Properties.Targets[0]).toMatchObject({
      Arn: { 'Fn::GetAtt': [queueId(stack.deliveryQueue), 'Arn'] },
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId(stack.deliveryDeadLetters), 'Arn'] } },
    });
    const queue = resource('AWS::SQS::Queue', queueId(stack.deliveryQueue));
    expect(queue.Properties).toMatchObject({
      VisibilityTimeout: 360,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [queueId(stack.deliveryDeadLetters), 'Arn'] },
        maxReceiveCount: 5,
      },
    });
    const worker = resources('AWS::Lambda::EventSourceMapping').find(
      (m) => m.Properties.FunctionName.Ref === eventFunctionId('deliveryWorker'),
    );
    expect(worker.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [queueId(stack.deliveryQueue), 'Arn'] },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the sweeper runs every 5 minutes and the dispatcher every minute', () => {
    const scheduled = resources('AWS::Events::Rule').filter((r) => r.Properties.ScheduleExpression);
    const targetOf = (r: any) => r.Properties.Targets[0].Arn['Fn::GetAtt'][0];
    expect(Object.fromEntries(scheduled.map((r) => [targetOf(r), r.Properties.ScheduleExpression]))).toEqual({
      [eventFunctionId('sweeper')]: 'rate(5 minutes)',
      [eventFunctionId('dispatcher')]: 'rate(1 minute)',
      // Three rules, one id (the last one wins here): test/infra/scheduled-jobs.test.ts checks them.
      [logicalId(stack.jobs)]: expect.stringMatching(/^(cron|rate)\(/),
    });
  });

  it('least privilege: each event function gets only the table actions it uses', () => {
    expect(tableDataActions('publisher')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(tableDataActions('sweeper')).toEqual(['dynamodb:Query', 'dynamodb:UpdateItem']);
    const delivery = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'];
    expect(tableDataActions('deliveryWorker')).toEqual(delivery);
    expect(tableDataActions('dispatcher')).toEqual(delivery);
  });

  it('only the publisher and the sweeper may put events, only on our bus; only the worker sends to the queue', () => {
    const putters = (name: EventFunction) =>
      statementsOf(name).filter((s) => actionsOf(s).includes('events:PutEvents'));
    for (const name of ['publisher', 'sweeper'] as const) {
      expect(putters(name).map((s) => s.Resource)).toEqual([busArn]);
    }
    for (const name of ['deliveryWorker', 'dispatcher'] as const) expect(putters(name)).toEqual([]);
    const senders = (name: EventFunction | Group) =>
      statementsOf(name).filter((s) => actionsOf(s).includes('sqs:SendMessage'));
    expect(senders('deliveryWorker').map((s) => s.Resource)).toEqual([
      { 'Fn::GetAtt': [queueId(stack.deliveryQueue), 'Arn'] },
    ]);
    expect(senders('dispatcher')).toEqual([]);
    expect(senders('webhooks')).toEqual([]);
  });

  it('functions get the bus name and the queue url they need', () => {
    const env = (name: EventFunction) =>
      resource('AWS::Lambda::Function', eventFunctionId(name)).Properties.Environment.Variables;
    expect(env('publisher').EVENT_BUS_NAME).toEqual({ Ref: logicalId(stack.bus) });
    expect(env('deliveryWorker').DELIVERY_QUEUE_URL).toEqual({ Ref: queueId(stack.deliveryQueue) });
    expect(env('dispatcher')).not.toHaveProperty('ALLOW_PRIVATE_WEBHOOK_URLS');
  });
});

describe('outputs', () => {
  it('expose the API base URL and the table name', () => {
    const apiId = logicalId(stack.api);
    template.hasOutput('ApiUrl', {
      Value: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }, '/api/v1']] },
    });
    template.hasOutput('TableName', { Value: { Ref: tableId } });
  });
});
