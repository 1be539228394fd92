/**
 * The AWS SAM template of the function deployment, generated from the one
 * route table (lib/http/route-table.ts): one HTTP API, and one function per
 * route whose code is the bundle of the route's function group
 * (`dist/functions/<group>/handler.mjs`, built by esbuild.config.mjs); beside
 * them the job worker (dist/worker, every minute by an EventBridge schedule),
 * the migration step (dist/migrate, invoked by the deploy) and, when asked
 * for, an RDS Proxy in front of the database. docs/deploy.md has the commands.
 *
 * `npm run infra:template` writes it to infra/template.yaml;
 * infra/generate-template.test.ts fails when the committed file is stale.
 */

import { createHash } from 'node:crypto';
import { Document } from 'yaml';
import { functionGroups, routeKeyOf, type RouteDefinition } from '../lib/http/route-table';

/** A CloudFormation template as plain data (intrinsics in their long form, `{ Ref: … }`). */
export type CloudFormationTemplate = Record<string, unknown>;

export const lambdaRuntime = 'nodejs22.x';
export const httpApiLogicalId = 'HttpApi';
export const functionRoleLogicalId = 'FunctionRole';
/** CloudFormation's limit of resources in one stack. */
export const stackResourceLimit = 500;
/** Name of the HttpApi event of every function. */
export const httpApiEventName = 'Api';
/** Largest request payload of a synchronous Lambda invocation (API Gateway allows 10 MB). */
export const lambdaPayloadLimitBytes = 6 * 1024 * 1024;

/** The folder of infra/template.yaml, relative to the project root. */
export const templateFolder = 'infra';

/**
 * Where a bundle folder (`dist/<folder>/`) lies, relative to the template's
 * folder: SAM and `aws cloudformation package` resolve CodeUri from there.
 */
export function bundleCodeUri(folder: string): string {
  return `../dist/${folder}/`;
}

/** Where the bundle of a function group lies, relative to the template's folder. */
export function codeUriOf(group: string): string {
  return bundleCodeUri(`functions/${group}`);
}

export const workerFunctionLogicalId = 'WorkerFunction';
export const migrateFunctionLogicalId = 'MigrateFunction';
export const databaseProxyLogicalId = 'DatabaseProxy';
/** The most a function may run; the worker and the migration step get all of it. */
export const lambdaTimeoutLimitSeconds = 900;

function pascalWords(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * `GET /api/projects/{projectId}/export` → `GetApiProjectsProjectIdExport`:
 * method and path segments in PascalCase, punctuation and braces dropped.
 */
export function baseLogicalIdOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  const method = route.method[0]! + route.method.slice(1).toLowerCase();
  const path = pascalWords(route.path);
  return `${method}${path === '' ? 'Root' : path}`;
}

/**
 * Logical IDs of the routes' functions, keyed by route key. Two routes whose
 * base IDs meet (`/a/{b}` and `/a/b`) both get a suffix from a hash of their
 * route key, so an ID depends only on its own route and the table, not on the
 * order of the table.
 */
export function functionLogicalIds(routes: readonly RouteDefinition[]): Map<string, string> {
  const byBase = new Map<string, RouteDefinition[]>();
  for (const route of routes) {
    const base = baseLogicalIdOf(route);
    byBase.set(base, [...(byBase.get(base) ?? []), route]);
  }
  const ids = new Map<string, string>();
  for (const [base, sharing] of byBase) {
    for (const route of sharing) {
      const key = routeKeyOf(route);
      if (ids.has(key)) throw new Error(`the route table holds ${key} twice`);
      const suffix = sharing.length === 1 ? '' : createHash('sha256').update(key).digest('hex').slice(0, 8).toUpperCase();
      ids.set(key, `${base}${suffix}`);
    }
  }
  return ids;
}

const parameters = {
  Architecture: {
    Type: 'String',
    Default: 'arm64',
    AllowedValues: ['arm64', 'x86_64'],
    Description: 'Processor architecture of the functions (the bundles are plain JavaScript: either works).',
  },
  DatabaseConnectionString: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    Description:
      'ConnectionStrings__DefaultConnection when no RDS Proxy is made (DatabaseProxyTarget empty): postgres:// URL or Host=…;Port=…;Database=…;Username=…;Password=… of the database or of a pooler in front of it (PgBouncer, a pooled endpoint). Leave empty with a proxy.',
  },
  DatabaseProxyTarget: {
    Type: 'String',
    Default: '',
    AllowedPattern: '^$|^[a-zA-Z][a-zA-Z0-9-]{0,62}$',
    Description:
      'Identifier of the RDS PostgreSQL instance (or Aurora cluster, see DatabaseProxyTargetKind) to put an RDS Proxy in front of; the functions then connect to the proxy. Empty: no proxy, DatabaseConnectionString is used.',
  },
  DatabaseProxyTargetKind: {
    Type: 'String',
    Default: 'instance',
    AllowedValues: ['instance', 'cluster'],
    Description: 'Whether DatabaseProxyTarget names a DB instance or an Aurora DB cluster.',
  },
  DatabaseName: {
    Type: 'String',
    Default: 'svc',
    AllowedPattern: '^[A-Za-z_][A-Za-z0-9_$]{0,62}$',
    Description: 'With a proxy: the database the service uses.',
  },
  DatabaseUser: {
    Type: 'String',
    Default: 'svc',
    AllowedPattern: '^[A-Za-z_][A-Za-z0-9_$]{0,62}$',
    Description: 'With a proxy: the database role the service signs in as (it owns the tables the migrations make).',
  },
  DatabasePassword: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    AllowedPattern: '^[^;"\\\\]*$',
    ConstraintDescription: 'no ";", double quote or backslash (it goes into a Host=…;Password=… connection string and the proxy secret)',
    Description: 'With a proxy: the password of DatabaseUser; the stack stores it in a Secrets Manager secret the proxy reads.',
  },
  DatabasePoolSize: {
    Type: 'Number',
    Default: 2,
    MinValue: 1,
    MaxValue: 10,
    Description:
      'Database__MaxPoolSize: connections each function instance may open. An instance serves one request at a time; every route has its own function, so many instances run at once: keep this at 1 or 2 and let the proxy (or your pooler) share the database connections.',
  },
  SubnetIds: {
    Type: 'CommaDelimitedList',
    Default: '',
    Description:
      'Private subnets (comma-separated IDs, two or more zones) the functions and the proxy run in; they need a route to the database and, for external sign-in and telemetry, a NAT gateway. Empty: the functions run outside any VPC (a database reachable from the internet, no proxy).',
  },
  SecurityGroupIds: {
    Type: 'CommaDelimitedList',
    Default: '',
    Description:
      'Security groups (comma-separated IDs) of the functions and the proxy: allow TCP 5432 from themselves (functions to proxy) and be allowed by the database on 5432. Needed with SubnetIds.',
  },
  MasterKey: {
    Type: 'String',
    NoEcho: true,
    MinLength: 1,
    Description: 'Svc__MasterKey: base64 of 32 random bytes (`openssl rand -base64 32`). Keep a copy outside the stack: data sealed under a lost key cannot be read.',
  },
  PreviousMasterKey: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    Description: 'Svc__PreviousMasterKey: the old key during a rotation; empty otherwise.',
  },
  SetupToken: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    AllowedPattern: '^$|^.{16,}$',
    ConstraintDescription: 'empty, or at least 16 characters',
    Description: 'Svc__SetupToken: at least 16 characters; needed while no account exists (first-run setup), may be emptied afterwards.',
  },
  AllowedHosts: {
    Type: 'String',
    MinLength: 1,
    Description: 'AllowedHosts: public host names separated by ";" (the custom domain, or the execute-api host name); no wildcard in the hosted profile.',
  },
  PublicUrl: {
    Type: 'String',
    AllowedPattern: '^https?://[^?#@]+$',
    ConstraintDescription: 'an absolute http or https URL without query, fragment or user name',
    Description: 'Svc__PublicUrl: the address people use, e.g. https://design.example.com',
  },
  OtlpEndpoint: {
    Type: 'String',
    Default: '',
    Description: 'OTEL_EXPORTER_OTLP_ENDPOINT: OTLP collector address; empty for no telemetry.',
  },
  LogLevel: {
    Type: 'String',
    Default: 'info',
    AllowedValues: ['debug', 'info', 'warn', 'error'],
    Description: 'LOG_LEVEL of the functions.',
  },
} as const;

const conditions = {
  InVpc: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SubnetIds' }] }, ''] }] },
  HasSecurityGroups: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SecurityGroupIds' }] }, ''] }] },
  UseDatabaseProxy: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabaseProxyTarget' }, ''] }] },
  DatabaseProxyTargetIsCluster: { 'Fn::Equals': [{ Ref: 'DatabaseProxyTargetKind' }, 'cluster'] },
} as const;

/** Checked by CloudFormation before it changes anything: the parameters that only work together. */
const rules = {
  VpcHasSecurityGroups: {
    RuleCondition: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SubnetIds' }] }, ''] }] },
    Assertions: [
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SecurityGroupIds' }] }, ''] }] },
        AssertDescription: 'With SubnetIds, SecurityGroupIds is required.',
      },
    ],
  },
  DatabaseIsNamed: {
    RuleCondition: { 'Fn::Equals': [{ Ref: 'DatabaseProxyTarget' }, ''] },
    Assertions: [
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabaseConnectionString' }, ''] }] },
        AssertDescription: 'Without DatabaseProxyTarget, DatabaseConnectionString is required.',
      },
    ],
  },
  DatabaseProxyHasWhatItNeeds: {
    RuleCondition: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabaseProxyTarget' }, ''] }] },
    Assertions: [
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabasePassword' }, ''] }] },
        AssertDescription: 'With DatabaseProxyTarget, DatabasePassword is required.',
      },
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SubnetIds' }] }, ''] }] },
        AssertDescription: 'With DatabaseProxyTarget, SubnetIds is required: the proxy lives in the VPC.',
      },
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SecurityGroupIds' }] }, ''] }] },
        AssertDescription: 'With DatabaseProxyTarget, SecurityGroupIds is required.',
      },
    ],
  },
} as const;

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

/** The environment every function gets (part 2 "Environment", hosted profile). */
const functionEnvironment = {
  Svc__Profile: 'hosted',
  ConnectionStrings__DefaultConnection: connectionString,
  // Read where the pool is opened (lib/runtime/service-runtime.ts).
  Database__MaxPoolSize: { Ref: 'DatabasePoolSize' },
  Svc__MasterKey: { Ref: 'MasterKey' },
  // The service reads an empty value as unset.
  Svc__PreviousMasterKey: { Ref: 'PreviousMasterKey' },
  Svc__SetupToken: { Ref: 'SetupToken' },
  AllowedHosts: { Ref: 'AllowedHosts' },
  Svc__PublicUrl: { Ref: 'PublicUrl' },
  OTEL_EXPORTER_OTLP_ENDPOINT: { Ref: 'OtlpEndpoint' },
  LOG_LEVEL: { Ref: 'LogLevel' },
  // Migrations are applied by the deploy step (MigrateFunction or `svc migrate`), never by a request.
  Database__MigrateOnStartup: 'false',
  // The bundles ship their source maps beside them.
  NODE_OPTIONS: '--enable-source-maps',
} as const;

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

function descriptionOf(route: RouteDefinition): string {
  const text = `${routeKeyOf(route)}: ${route.summary}`;
  // Lambda allows 256 characters.
  return text.length <= 256 ? text : `${text.slice(0, 255)}…`;
}

/**
 * The SAM template of a function-per-route deployment of `routes`. Pure and
 * deterministic: the same table gives the same template.
 */
export function generateSamTemplate(routes: readonly RouteDefinition[]): CloudFormationTemplate {
  const ids = functionLogicalIds(routes);
  const groups = new Set(functionGroups(routes));
  const functions: Record<string, unknown> = {};
  for (const route of routes) {
    if (!groups.has(route.group)) throw new Error(`${routeKeyOf(route)} names no function group`);
    functions[ids.get(routeKeyOf(route))!] = {
      Type: 'AWS::Serverless::Function',
      Properties: {
        Description: descriptionOf(route),
        CodeUri: codeUriOf(route.group),
        Handler: 'handler.handler',
        // One shared role: SAM would otherwise add a role per function.
        Role: { 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] },
        Events: {
          [httpApiEventName]: {
            Type: 'HttpApi',
            Properties: {
              ApiId: { Ref: httpApiLogicalId },
              Method: route.method,
              Path: route.path,
              PayloadFormatVersion: '2.0',
            },
          },
        },
      },
    };
  }

  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Transform: 'AWS::Serverless-2016-10-31',
    Description:
      'Design Modelling Service, function deployment: one function per route of lib/http/route-table.ts, the job worker on a schedule, the migration step, optionally an RDS Proxy. ' +
      'Generated by `npm run infra:template`; do not edit by hand. Build first (`npm run build`), deploy, then invoke MigrateFunction (docs/deploy.md).',
    Parameters: parameters,
    Rules: rules,
    Conditions: conditions,
    Globals: {
      Function: {
        Runtime: lambdaRuntime,
        Architectures: [{ Ref: 'Architecture' }],
        MemorySize: 512,
        // An HTTP API waits at most 30 s for its integration.
        Timeout: 29,
        VpcConfig: {
          'Fn::If': ['InVpc', { SubnetIds: { Ref: 'SubnetIds' }, SecurityGroupIds: { Ref: 'SecurityGroupIds' } }, { Ref: 'AWS::NoValue' }],
        },
        Environment: { Variables: functionEnvironment },
      },
    },
    Resources: {
      [httpApiLogicalId]: {
        Type: 'AWS::Serverless::HttpApi',
        Properties: {
          Description: 'Design Modelling Service HTTP API',
          FailOnWarnings: true,
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
      ...functions,
      [workerFunctionLogicalId]: {
        Type: 'AWS::Serverless::Function',
        Properties: {
          Description: 'Job worker: queues the jobs the crontab says are due, then runs every ready job once (graphile-worker runOnce); jobs/task-list.ts',
          CodeUri: bundleCodeUri('worker'),
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
          CodeUri: bundleCodeUri('migrate'),
          Handler: 'handler.handler',
          Role: { 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] },
          Timeout: lambdaTimeoutLimitSeconds,
        },
      },
      ...databaseProxyResources,
    },
    Outputs: {
      ApiUrl: {
        Description: 'Base URL of the HTTP API ($default stage)',
        Value: { 'Fn::Sub': `https://\${${httpApiLogicalId}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/` },
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

/**
 * Resources of the deployed stack after the SAM transform, at most: per route
 * a function and the permission of its HttpApi event; the API, its stage and
 * the shared role; the worker with its schedule rule and permission; the
 * migration function; the proxy, its target group, secret and role.
 */
export function deployedResourceCount(routes: readonly RouteDefinition[]): number {
  return 2 * routes.length + 3 + 3 + 1 + Object.keys(databaseProxyResources).length;
}

/** Routes whose body limit is over what a function can receive; served by the container deployment only. */
export function routesOverPayloadLimit(routes: readonly RouteDefinition[]): RouteDefinition[] {
  return routes.filter((route) => route.bodyLimitBytes > lambdaPayloadLimitBytes);
}

/** The first lines of infra/template.yaml. */
export const templateHeader = [
  ' Generated from lib/http/route-table.ts by `npm run infra:template` (infra/generate-template.ts).',
  ' Do not edit by hand: change the route table or the generator, then run `npm run infra:template`.',
].join('\n');

/**
 * The template as YAML text, exactly as infra/template.yaml holds it. YAML 1.1
 * rules decide the quoting, so values such as `2010-09-09`, `2.0` or `false`
 * stay strings for CloudFormation's parser too.
 */
export function renderSamTemplate(routes: readonly RouteDefinition[]): string {
  const document = new Document(generateSamTemplate(routes), { version: '1.1' });
  document.commentBefore = templateHeader;
  return document.toString({ lineWidth: 0 });
}
