/**
 * The AWS SAM template of the function deployment, generated from the one
 * route table (lib/http/route-table.ts): one HTTP API, and one function per
 * route whose code is the bundle of the route's function group
 * (`dist/functions/<group>/handler.mjs`, built by esbuild.config.mjs).
 *
 * `npm run infra:template` writes it to infra/template.yaml;
 * infra/generate-template.test.ts fails when the committed file is stale.
 *
 * Not here: the job worker (graphile-worker). Jobs run in the container
 * deployment (`dist/local/main.mjs` starts the worker beside the HTTP shim);
 * a scheduled or queue-driven function for them can be added later. Database
 * migrations are not run by the functions either: the deploy step runs
 * `svc migrate` (`node dist/local/main.mjs migrate`) against the database first.
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

/** Where the bundle of a function group lies, relative to the project root (the template's base for CodeUri). */
export function codeUriOf(group: string): string {
  return `dist/functions/${group}/`;
}

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
    MinLength: 1,
    Description: 'ConnectionStrings__DefaultConnection: postgres:// URL or Host=…;Port=…;Database=…;Username=…;Password=… of the PostgreSQL database (migrated beforehand with `svc migrate`).',
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

/** The environment every function gets (part 2 "Environment", hosted profile). */
const functionEnvironment = {
  Svc__Profile: 'hosted',
  ConnectionStrings__DefaultConnection: { Ref: 'DatabaseConnectionString' },
  Svc__MasterKey: { Ref: 'MasterKey' },
  // The service reads an empty value as unset.
  Svc__PreviousMasterKey: { Ref: 'PreviousMasterKey' },
  Svc__SetupToken: { Ref: 'SetupToken' },
  AllowedHosts: { Ref: 'AllowedHosts' },
  Svc__PublicUrl: { Ref: 'PublicUrl' },
  OTEL_EXPORTER_OTLP_ENDPOINT: { Ref: 'OtlpEndpoint' },
  LOG_LEVEL: { Ref: 'LogLevel' },
  // Migrations are applied by the deploy step (`svc migrate`), never by a function.
  Database__MigrateOnStartup: 'false',
  // The bundles ship their source maps beside them.
  NODE_OPTIONS: '--enable-source-maps',
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
      'Design Modelling Service, function deployment: one function per route of lib/http/route-table.ts. ' +
      'Generated by `npm run infra:template`; do not edit by hand. Build first (`npm run build`), and migrate the database (`svc migrate`) before deploying. ' +
      'The job worker is not deployed here: it runs in the container deployment.',
    Parameters: parameters,
    Globals: {
      Function: {
        Runtime: lambdaRuntime,
        Architectures: [{ Ref: 'Architecture' }],
        MemorySize: 512,
        // An HTTP API waits at most 30 s for its integration.
        Timeout: 29,
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
          Description: 'Execution role of every function of the Design Modelling Service: logs only',
          AssumeRolePolicyDocument: {
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }],
          },
          ManagedPolicyArns: [{ 'Fn::Sub': 'arn:${AWS::Partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole' }],
        },
      },
      ...functions,
    },
    Outputs: {
      ApiUrl: {
        Description: 'Base URL of the HTTP API ($default stage)',
        Value: { 'Fn::Sub': `https://\${${httpApiLogicalId}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/` },
      },
    },
  };
}

/**
 * Resources of the deployed stack after the SAM transform: per route a
 * function and the permission of its HttpApi event; the API, its stage and the
 * shared role.
 */
export function deployedResourceCount(routes: readonly RouteDefinition[]): number {
  return 2 * routes.length + 3;
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
