import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { API_PREFIX, ENDPOINTS, GROUPS, type Group } from '../functions/catalogue.js';
import { TABLE_DEFINITION } from '../functions/store/table-definition.js';

// Resolved from this file rather than process.cwd() so synth and tests work from any directory.
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Groups that never read or write the table (meta only serves the OpenAPI document). */
const WITHOUT_TABLE_ACCESS: ReadonlySet<Group> = new Set<Group>(['meta']);

const string = (name: string) => ({ name, type: AttributeType.STRING });

export class ApiStack extends Stack {
  readonly table: Table;
  readonly api: HttpApi;
  readonly functions: Record<Group, NodejsFunction>;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: string(TABLE_DEFINITION.partitionKey),
      sortKey: string(TABLE_DEFINITION.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      stream: StreamViewType[TABLE_DEFINITION.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_DEFINITION.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }

    this.functions = Object.fromEntries(GROUPS.map((group) => [group, this.groupFunction(group)])) as Record<
      Group,
      NodejsFunction
    >;

    this.api = new HttpApi(this, 'Api');
    const integrations = new Map<Group, HttpLambdaIntegration>();
    for (const group of GROUPS) {
      // One invoke permission per function instead of one per route keeps the resource count flat as the
      // catalogue grows (CloudFormation caps a stack at 500 resources).
      integrations.set(
        group,
        new HttpLambdaIntegration(`${group}Integration`, this.functions[group], {
          scopePermissionToRoute: false,
        }),
      );
    }
    for (const endpoint of ENDPOINTS) {
      this.api.addRoutes({
        path: `${API_PREFIX}${endpoint.path}`,
        methods: [HttpMethod[endpoint.method]],
        integration: integrations.get(endpoint.group)!,
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: `${this.api.apiEndpoint}${API_PREFIX}` });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }

  private groupFunction(group: Group): NodejsFunction {
    const fn = new NodejsFunction(this, `${group}Function`, {
      entry: join(ROOT, 'functions', group, 'handler.ts'),
      handler: 'handler',
      projectRoot: ROOT,
      depsLockFilePath: join(ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(10),
      environment: { TABLE_NAME: this.table.tableName, NODE_OPTIONS: '--enable-source-maps' },
      logGroup: new LogGroup(this, `${group}Logs`, { retention: RetentionDays.ONE_MONTH }),
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // Bundle the SDK: the pinned version is the one tested, not whatever the runtime ships.
        externalModules: [],
        mainFields: ['module', 'main'],
        // ESM output has no require(); bundled CommonJS dependencies still call it.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
      },
    });
    if (!WITHOUT_TABLE_ACCESS.has(group)) this.table.grantReadWriteData(fn);
    return fn;
  }
}
