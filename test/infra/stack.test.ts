import { App, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, GROUPS, endpointByRouteKey, routeKey, type Group } from '../../functions/catalogue.js';
import { TABLE_DEFINITION } from '../../functions/store/table-definition.js';
import { ApiStack } from '../../infra/stack.js';

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

/** Every IAM statement reaching a group's role, inline or through an attached policy. */
function statementsOf(group: Group): any[] {
  const roleId = logicalId(stack.functions[group].role!);
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
  it('one per group', () => {
    template.resourceCountIs('AWS::Lambda::Function', GROUPS.length);
  });

  it.each(GROUPS)('%s: Node.js 22 on arm64, 512 MB, 10 s, table name and source maps', (group) => {
    const fn = resource('AWS::Lambda::Function', functionId(group));
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      Timeout: 10,
      Environment: { Variables: { TABLE_NAME: { Ref: tableId }, NODE_OPTIONS: '--enable-source-maps' } },
    });
    const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref;
    expect(resource('AWS::Logs::LogGroup', logGroupId).Properties.RetentionInDays).toBe(30);
  });
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

  it('has the four GSIs with string keys and all attributes projected', () => {
    const indexes = table.Properties.GlobalSecondaryIndexes;
    expect(indexes.map((i: any) => i.IndexName)).toEqual(['GSI1', 'GSI2', 'GSI3', 'GSI4']);
    for (const [n, index] of indexes.entries()) {
      expect(index).toEqual({
        IndexName: `GSI${n + 1}`,
        KeySchema: [
          { AttributeName: `GSI${n + 1}PK`, KeyType: 'HASH' },
          { AttributeName: `GSI${n + 1}SK`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
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

describe('outputs', () => {
  it('expose the API base URL and the table name', () => {
    const apiId = logicalId(stack.api);
    template.hasOutput('ApiUrl', {
      Value: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }, '/api/v1']] },
    });
    template.hasOutput('TableName', { Value: { Ref: tableId } });
  });
});
