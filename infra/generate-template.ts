/**
 * The AWS SAM templates of the function deployment, generated from the route
 * list (functions/routes.ts). The root template (infra/template.yaml) holds
 * one HTTP API, the execution role every function shares, the job worker
 * (dist/worker, every minute by an EventBridge schedule), the migration step
 * (dist/migrate, invoked by the deploy), when asked for an RDS Proxy in front
 * of the database, and one nested stack per route stack (infra/route-stack.ts:
 * infra/stacks/<group>.yaml). A route stack holds one function running its
 * group's bundle (`dist/functions/<group>/handler.mjs`, built by
 * esbuild.config.mjs, which dispatches on the event's route key) and one
 * integration, and per route only its route and its permission. So the HTTP
 * API holds one integration per route stack, about one per function group,
 * and the routes are bounded by API Gateway's routes per API (300 by default,
 * raised on request), not by its integrations (300, never raised). Splitting
 * keeps every stack far below CloudFormation's 500 resources however many
 * routes the table gets. docs/deploy.md has the commands.
 *
 * `npm run infra:template` writes the files; infra/generate-template.test.ts
 * fails when a committed one is stale or one is left over.
 */

import { Document } from 'yaml';
import type { RouteDefinition } from '../lib/platform/http/route-definition';
import { rootConditions, rootParameters, rootRules, type ParameterDefinition } from './deployment-parameters';
import { functionGlobals, lambdaPayloadLimitBytes, lambdaTimeoutLimitSeconds } from './function-settings';
import { routeLogicalIds } from './logical-ids';
import {
  bundleCodeUri,
  type CloudFormationTemplate,
  connectionStringParameter,
  generateRouteStackTemplate,
  type RouteStack,
  routeStackLocation,
  routeStackParameters,
  routeStacksOf,
  templateFolder,
} from './route-stack';

export { stackResourceBudget, stackResourceLimit } from './route-stack';

export const apiLogicalId = 'Api';
export const apiStageLogicalId = 'ApiDefaultStage';
export const functionRoleLogicalId = 'FunctionRole';
export const workerFunctionLogicalId = 'WorkerFunction';
export const migrateFunctionLogicalId = 'MigrateFunction';
export const databaseProxyLogicalId = 'DatabaseProxy';
/**
 * Integrations one HTTP API may hold, a quota AWS does not raise. Each route
 * stack has one integration that all its routes target, so this caps the
 * route stacks (about one per function group), not the routes.
 */
export const httpApiIntegrationLimit = 300;
/**
 * Routes one HTTP API may hold by default: the ceiling on the routes of the
 * function deployment. AWS raises it for one API on request (Service Quotas,
 * API Gateway "Routes per API"); after that, raise this to the granted value
 * (docs/deploy.md "Limits of this form").
 */
export const httpApiRouteQuota = 300;

/** The connection string the functions get: the proxy's endpoint, or the one given. */
const connectionString = {
  'Fn::If': [
    'UseDatabaseProxy',
    {
      'Fn::Sub': `Host=\${${databaseProxyLogicalId}.Endpoint};Port=5432;Database=\${DatabaseName};Username=\${DatabaseUser};Password=\${DatabasePassword};SSL Mode=Require`,
    },
    { Ref: 'DatabaseConnectionString' },
  ],
};

/**
 * The RDS Proxy, made when DatabaseProxyTarget names a database: it keeps a
 * few database connections and lends them to the many function instances
 * (each with a pool of DatabasePoolSize), so hundreds of instances do not
 * exhaust the database's max_connections.
 */
const databaseProxyResources = {
  DatabaseSecret: {
    Type: 'AWS::SecretsManager::Secret',
    Condition: 'UseDatabaseProxy',
    Properties: {
      Description: 'Sign-in of the Design Modelling Service database role, read by its RDS Proxy',
      SecretString: { 'Fn::Sub': '{"username":"${DatabaseUser}","password":"${DatabasePassword}"}' },
    },
  },
  DatabaseProxyRole: {
    Type: 'AWS::IAM::Role',
    Condition: 'UseDatabaseProxy',
    Properties: {
      Description: 'Lets the RDS Proxy of the Design Modelling Service read the database sign-in',
      AssumeRolePolicyDocument: {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Principal: { Service: 'rds.amazonaws.com' }, Action: 'sts:AssumeRole' }],
      },
      Policies: [
        {
          PolicyName: 'read-database-secret',
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue', Resource: { Ref: 'DatabaseSecret' } }],
          },
        },
      ],
    },
  },
  [databaseProxyLogicalId]: {
    Type: 'AWS::RDS::DBProxy',
    Condition: 'UseDatabaseProxy',
    Properties: {
      DBProxyName: { 'Fn::Sub': '${AWS::StackName}-db' },
      EngineFamily: 'POSTGRESQL',
      Auth: [{ AuthScheme: 'SECRETS', SecretArn: { Ref: 'DatabaseSecret' }, IAMAuth: 'DISABLED' }],
      RoleArn: { 'Fn::GetAtt': ['DatabaseProxyRole', 'Arn'] },
      VpcSubnetIds: { Ref: 'SubnetIds' },
      // Required by the rules whenever there is a proxy; the condition only keeps the empty default out of the resource.
      VpcSecurityGroupIds: { 'Fn::If': ['HasSecurityGroups', { Ref: 'SecurityGroupIds' }, { Ref: 'AWS::NoValue' }] },
      RequireTLS: true,
      // An instance frozen between requests keeps its connection; the proxy drops it after this.
      IdleClientTimeout: 1800,
    },
  },
  DatabaseProxyTargetGroup: {
    Type: 'AWS::RDS::DBProxyTargetGroup',
    Condition: 'UseDatabaseProxy',
    Properties: {
      DBProxyName: { Ref: databaseProxyLogicalId },
      TargetGroupName: 'default',
      DBInstanceIdentifiers: { 'Fn::If': ['DatabaseProxyTargetIsCluster', { Ref: 'AWS::NoValue' }, [{ Ref: 'DatabaseProxyTarget' }]] },
      DBClusterIdentifiers: { 'Fn::If': ['DatabaseProxyTargetIsCluster', [{ Ref: 'DatabaseProxyTarget' }], { Ref: 'AWS::NoValue' }] },
      // The rest of max_connections stays free for `svc migrate` and people.
      ConnectionPoolConfigurationInfo: { MaxConnectionsPercent: 90, MaxIdleConnectionsPercent: 50 },
    },
  },
} as const;

/** What the root passes a route stack for each of its parameters. */
function routeStackParameterValues(): Record<string, unknown> {
  const own: Record<string, unknown> = {
    HttpApiId: { Ref: apiLogicalId },
    FunctionRoleArn: { 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] },
    [connectionStringParameter]: connectionString,
  };
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(routeStackParameters())) {
    const root = (rootParameters as Record<string, ParameterDefinition>)[name];
    // A nested stack's parameters are strings: a list travels joined, and the nested stack splits it again.
    values[name] = own[name] ?? (root?.Type === 'CommaDelimitedList' ? { 'Fn::Join': [',', { Ref: name }] } : { Ref: name });
  }
  return values;
}

function routeStackResource(stack: RouteStack): Record<string, unknown> {
  return {
    Type: 'AWS::Serverless::Application',
    Properties: {
      // A local file: `sam deploy`, `sam package` and `aws cloudformation package` upload it (and the bundles it names) and put its S3 address here.
      Location: routeStackLocation(stack),
      Parameters: routeStackParameterValues(),
    },
  };
}

/** The root template, naming `stacks` as its nested route stacks. */
function generateRootTemplate(stacks: readonly RouteStack[]): CloudFormationTemplate {
  const resources: Record<string, unknown> = {
    [apiLogicalId]: {
      Type: 'AWS::ApiGatewayV2::Api',
      Properties: {
        Name: { Ref: 'AWS::StackName' },
        ProtocolType: 'HTTP',
        Description: 'Design Modelling Service HTTP API: its routes are in the nested route stacks',
      },
    },
    [apiStageLogicalId]: {
      Type: 'AWS::ApiGatewayV2::Stage',
      Properties: {
        ApiId: { Ref: apiLogicalId },
        StageName: '$default',
        // Every route a route stack adds or changes is served without a deployment of its own.
        AutoDeploy: true,
      },
    },
    [functionRoleLogicalId]: {
      Type: 'AWS::IAM::Role',
      Properties: {
        Description: 'Execution role of every function of the Design Modelling Service: logs, and network interfaces in the VPC',
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }],
        },
        ManagedPolicyArns: [
          {
            'Fn::If': [
              'InVpc',
              { 'Fn::Sub': 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole' },
              { 'Fn::Sub': 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole' },
            ],
          },
        ],
      },
    },
    [workerFunctionLogicalId]: {
      Type: 'AWS::Serverless::Function',
      Properties: {
        Description: 'Job worker: queues the jobs the crontab says are due, then runs every ready job once (graphile-worker runOnce); jobs/task-list.ts',
        CodeUri: bundleCodeUri('worker', templateFolder),
        Handler: 'handler.handler',
        Role: { 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] },
        // Jobs are not bound by the HTTP API's 30 s.
        Timeout: lambdaTimeoutLimitSeconds,
        Events: {
          EveryMinute: {
            Type: 'Schedule',
            Properties: { Schedule: 'rate(1 minute)', Description: 'Runs the job queue of the Design Modelling Service', Enabled: true },
          },
        },
      },
    },
    [migrateFunctionLogicalId]: {
      Type: 'AWS::Serverless::Function',
      Properties: {
        Description: 'Deploy step: applies the release\'s database migrations (svc migrate); invoke after each deploy, see docs/deploy.md',
        CodeUri: bundleCodeUri('migrate', templateFolder),
        Handler: 'handler.handler',
        Role: { 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] },
        Timeout: lambdaTimeoutLimitSeconds,
      },
    },
    ...databaseProxyResources,
  };
  for (const stack of stacks) {
    if (stack.logicalId in resources) throw new Error(`route stack ${stack.name} would take the logical ID ${stack.logicalId} of another resource`);
    resources[stack.logicalId] = routeStackResource(stack);
  }

  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Transform: 'AWS::Serverless-2016-10-31',
    Description:
      'Design Modelling Service, function deployment: the HTTP API, one nested route stack per function group of functions/routes.ts (infra/stacks/), each one function and one integration with a route and a permission per route, the job worker on a schedule, the migration step, optionally an RDS Proxy. ' +
      `Integrations on the API: one per route stack (${httpApiIntegrationLimit} at most, never raised); routes: ${httpApiRouteQuota} by default, raised per API on request. ` +
      'Generated by `npm run infra:template`; do not edit by hand. Build first (`npm run build`), package and deploy, then invoke MigrateFunction (docs/deploy.md).',
    Parameters: rootParameters,
    Rules: rootRules,
    Conditions: rootConditions,
    Globals: { Function: functionGlobals(connectionString) },
    Resources: resources,
    Outputs: {
      ApiUrl: {
        Description: 'Base URL of the HTTP API ($default stage)',
        Value: { 'Fn::Sub': `https://\${${apiLogicalId}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/` },
      },
      ApiId: {
        Description: 'ID of the HTTP API (for a custom domain\'s API mapping)',
        Value: { Ref: apiLogicalId },
      },
      MigrateFunctionName: {
        Description: 'Invoke after every deploy: aws lambda invoke --function-name <this> migrate.json',
        Value: { Ref: migrateFunctionLogicalId },
      },
      WorkerFunctionName: {
        Description: 'The scheduled job worker (its log shows the jobs that ran)',
        Value: { Ref: workerFunctionLogicalId },
      },
      DatabaseProxyEndpoint: {
        Condition: 'UseDatabaseProxy',
        Description: 'Host name the functions connect to',
        Value: { 'Fn::GetAtt': [databaseProxyLogicalId, 'Endpoint'] },
      },
    },
  };
}

/** One generated template file: its path relative to infra/, its stack, its template. */
export interface DeploymentFile {
  path: string;
  /** The route stack it describes; none for the root template. */
  stack?: RouteStack;
  template: CloudFormationTemplate;
}

/**
 * The templates of the function deployment of `routes`: the root
 * (`template.yaml`) first, then each route stack (`stacks/<name>.yaml`). Pure
 * and deterministic: the same table gives the same files.
 */
export function generateDeployment(routes: readonly RouteDefinition[]): DeploymentFile[] {
  const routeIds = routeLogicalIds(routes);
  const stacks = routeStacksOf(routes);
  return [
    { path: 'template.yaml', template: generateRootTemplate(stacks) },
    ...stacks.map((stack) => ({ path: routeStackLocation(stack), stack, template: generateRouteStackTemplate(stack, routeIds) })),
  ];
}

/** Resources SAM adds for an event of a function, by event type. */
const eventResources: Record<string, number> = {
  // The EventBridge rule and the permission it invokes the function with.
  Schedule: 2,
};

/**
 * Resources of a template's stack after the SAM transform: a SAM function is
 * its Lambda function, a role when it names none, and what its events add;
 * a nested application is one stack resource; anything else counts once.
 */
export function deployedResourceCount(template: CloudFormationTemplate): number {
  let count = 0;
  for (const [id, resource] of Object.entries(template.Resources as Record<string, { Type: string; Properties?: Record<string, unknown> }>)) {
    count += 1;
    if (resource.Type === 'AWS::Serverless::Function') {
      if (resource.Properties?.Role === undefined) count += 1;
      for (const [name, event] of Object.entries((resource.Properties?.Events ?? {}) as Record<string, { Type: string }>)) {
        const added = eventResources[event.Type];
        if (added === undefined) throw new Error(`${id}: no count known for events of type ${event.Type} (${name})`);
        count += added;
      }
    } else if (resource.Type.startsWith('AWS::Serverless::') && resource.Type !== 'AWS::Serverless::Application') {
      throw new Error(`${id}: no count known for ${resource.Type}`);
    }
  }
  return count;
}

/** Routes whose body limit is over what a function can receive; served by the container deployment only. */
export function routesOverPayloadLimit(routes: readonly RouteDefinition[]): RouteDefinition[] {
  return routes.filter((route) => route.bodyLimitBytes > lambdaPayloadLimitBytes);
}

/** The first lines of every generated template file. */
export const templateHeader = [
  ' Generated from the route list (functions/routes.ts) by `npm run infra:template` (infra/generate-template.ts).',
  ' Do not edit by hand: change the route list or the generator, then run `npm run infra:template`.',
].join('\n');

/**
 * A template as YAML text, exactly as its file holds it. YAML 1.1 rules decide
 * the quoting, so values such as `2010-09-09`, `2.0` or `false` stay strings
 * for CloudFormation's parser too.
 */
export function renderTemplate(template: CloudFormationTemplate): string {
  // No anchors: every value written out where it is used, as people and CloudFormation read it best.
  const document = new Document(template, { version: '1.1', aliasDuplicateObjects: false });
  document.commentBefore = templateHeader;
  return document.toString({ lineWidth: 0 });
}

/** Every file of the deployment as its text, keyed by its path relative to infra/. */
export function renderDeployment(routes: readonly RouteDefinition[]): Map<string, string> {
  return new Map(generateDeployment(routes).map((file) => [file.path, renderTemplate(file.template)]));
}

