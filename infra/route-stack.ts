/**
 * The route stacks of the function deployment: nested stacks, one per
 * function group (a group whose routes do not fit one stack gets several),
 * each holding one function running its group's bundle and one integration
 * on the root stack's HTTP API, and per route only its route (targeting that
 * integration) and its permission (API Gateway may invoke the function for
 * that method and path only). A route stays in its group's stack as the table
 * grows, so a deploy never moves a route between stacks unless its group
 * changes or a split group's parts shift (docs/deploy.md "Route stacks").
 *
 * SAM adds an HttpApi event's route to the OpenAPI body of an HttpApi in the
 * same template only, and API Gateway drops routes declared beside such a body
 * on the next update; so the routes are plain AWS::ApiGatewayV2 resources on
 * an API made without a body (infra/generate-template.ts).
 */

import { posix } from 'node:path';
import { functionGroups, routeKeyOf, type RouteDefinition } from '../lib/platform/http/route-definition';
import { rootConditions, rootParameters, type ParameterDefinition } from './deployment-parameters';
import { functionGlobals, referencedNames } from './function-settings';
import { routeResourceIds, stackResourceIds, stackLogicalIdOf } from './logical-ids';

/** A CloudFormation template as plain data (intrinsics in their long form, `{ Ref: … }`). */
export type CloudFormationTemplate = Record<string, unknown>;

/** The folder of infra/template.yaml, relative to the project root. */
export const templateFolder = 'infra';
/** The folder of the route stacks' templates, relative to the project root. */
export const routeStackFolder = `${templateFolder}/stacks`;

/** CloudFormation's limit of resources in one stack. */
export const stackResourceLimit = 500;
/** What the generator keeps every stack, root or nested, at or under: far enough from the limit to notice in time. */
export const stackResourceBudget = 400;
/** Resources of a route stack itself, after the SAM transform: its function and its integration. */
export const resourcesPerStack = 2;
/** Resources of one route, after the SAM transform: its route and its permission. */
export const resourcesPerRoute = 2;
/**
 * Routes in one route stack at most, as the resource budget allows: 199 keep
 * a full stack at 2 + 2 × 199 = 400 resources. The function's policy fills
 * first, though: at about 35 to 39 routes (functionPolicyBudgetBytes), so a
 * stack stays near 80 resources.
 */
export const routesPerStack = Math.floor((stackResourceBudget - resourcesPerStack) / resourcesPerRoute);

/**
 * Size of a function's resource-based policy, a Lambda quota AWS does not
 * raise: a permission that would take it further fails the deploy ("The final
 * policy size … is bigger than the limit"). Each route adds one statement to
 * its stack's function.
 */
export const functionPolicyLimitBytes = 20 * 1024;
/** What the generator keeps every function's policy at or under, by the upper bound of permissionStatementBytes. */
export const functionPolicyBudgetBytes = 18 * 1024;

/**
 * The longest each part of a permission statement can be: the statement ID
 * CloudFormation makes (Lambda allows 100 characters), a function name (64),
 * a partition (`aws-us-gov`), a region (14 today, 16 allowed here), an
 * account, an HTTP API ID.
 */
const longest = { statementId: 100, functionName: 64, partition: 10, region: 16, account: 12, apiId: 10 } as const;

/** The path as an invoke ARN names it: each `{parameter}` (and a greedy `{name+}`) as `*`, no trailing slash but for `/` itself. */
function invokePathOf(route: Pick<RouteDefinition, 'path'>): string {
  return route.path.replace(/\{[^}]+\}/g, '*').replace(/^(.+)\/$/, '$1');
}

/**
 * Bytes the permission of `route` adds to its function's policy at most: the
 * statement as Lambda writes it, every name at its longest, and the comma
 * before it.
 */
export function permissionStatementBytes(route: Pick<RouteDefinition, 'method' | 'path'>): number {
  const arnStart = (service: string) => `arn:${'p'.repeat(longest.partition)}:${service}:${'r'.repeat(longest.region)}:${'1'.repeat(longest.account)}:`;
  const statement = {
    Sid: 's'.repeat(longest.statementId),
    Effect: 'Allow',
    Principal: { Service: 'apigateway.amazonaws.com' },
    Action: 'lambda:InvokeFunction',
    Resource: `${arnStart('lambda')}function:${'f'.repeat(longest.functionName)}`,
    Condition: { ArnLike: { 'AWS:SourceArn': `${arnStart('execute-api')}${'a'.repeat(longest.apiId)}/*/${route.method}${invokePathOf(route)}` } },
  };
  return Buffer.byteLength(JSON.stringify(statement)) + 1;
}

/** The most bytes the policy of a function serving `routes` takes: its frame and a statement per route. */
export function functionPolicyBytes(routes: readonly Pick<RouteDefinition, 'method' | 'path'>[]): number {
  const frame = Buffer.byteLength(JSON.stringify({ Version: '2012-10-17', Id: 'default', Statement: [] }));
  return routes.reduce((bytes, route) => bytes + permissionStatementBytes(route), frame);
}

/**
 * Where a bundle folder (`dist/<folder>/`) lies, relative to the folder of the
 * template naming it (`infra`, `infra/stacks`): SAM and `aws cloudformation
 * package` resolve CodeUri from the folder of the template file that holds it.
 */
export function bundleCodeUri(folder: string, templateFolderPath: string): string {
  return `${posix.relative(templateFolderPath, `dist/${folder}`)}/`;
}

/** Where the bundle of a function group lies, relative to the route stacks' folder. */
export function codeUriOf(group: string): string {
  return bundleCodeUri(`functions/${group}`, routeStackFolder);
}

export interface RouteStack {
  /** File name in infra/stacks/, without `.yaml`: the group, then `-2`, `-3`… for further parts. */
  name: string;
  /** Logical ID of its nested stack in the root template. */
  logicalId: string;
  group: string;
  /** 1 for a group's first stack, 2, 3… for further parts. */
  part: number;
  /** Logical IDs of its function and its integration in its own template. */
  functionLogicalId: string;
  integrationLogicalId: string;
  routes: readonly RouteDefinition[];
}

/** The template's path relative to the root template's folder, as its `Location` names it. */
export function routeStackLocation(stack: Pick<RouteStack, 'name'>): string {
  return `${posix.relative(templateFolder, routeStackFolder)}/${stack.name}.yaml`;
}

/** The parts of a group's routes, in table order: a part is full at `routesPerStack` routes, or when one more would take its function's policy over budget. */
function partsOf(members: readonly RouteDefinition[]): RouteDefinition[][] {
  const parts: RouteDefinition[][] = [];
  let current: RouteDefinition[] = [];
  for (const route of members) {
    const full = current.length === routesPerStack || functionPolicyBytes([...current, route]) > functionPolicyBudgetBytes;
    if (current.length > 0 && full) {
      parts.push(current);
      current = [];
    }
    current.push(route);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The route stacks of a table: per function group in table order, its routes
 * in table order, split into parts by partsOf. A route appended to the table
 * leaves every other route in its stack.
 */
export function routeStacksOf(routes: readonly RouteDefinition[]): RouteStack[] {
  const stacks: RouteStack[] = [];
  for (const group of functionGroups(routes)) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(group)) throw new Error(`function group "${group}" cannot name a stack file: lower-case letters, digits and "-" only`);
    partsOf(routes.filter((route) => route.group === group)).forEach((members, index) => {
      const part = index + 1;
      const ids = stackResourceIds(group, part);
      stacks.push({
        name: part === 1 ? group : `${group}-${part}`,
        logicalId: stackLogicalIdOf(group, part),
        group,
        part,
        functionLogicalId: ids.function,
        integrationLogicalId: ids.integration,
        routes: members,
      });
    });
  }
  for (const key of ['name', 'logicalId'] as const) {
    const seen = new Map<string, string>();
    for (const stack of stacks) {
      // Case-insensitive: file systems and people read `Ab` and `AB` as one.
      const folded = stack[key].toLowerCase();
      const other = seen.get(folded);
      if (other !== undefined) throw new Error(`route stacks "${other}" and "${stack.name}" get the same ${key}: rename a function group`);
      seen.set(folded, stack.name);
    }
  }
  return stacks;
}

/** The connection string as a route stack receives it: worked out by the root. */
export const connectionStringParameter = 'ConnectionString';

/** Parameters every route stack declares, beside the root parameters its functions read. */
const ownParameters: Record<string, ParameterDefinition> = {
  HttpApiId: { Type: 'String', Description: 'ID of the root stack\'s HTTP API the routes are added to.' },
  FunctionRoleArn: { Type: 'String', Description: 'ARN of the execution role every function shares (root stack, FunctionRole).' },
  [connectionStringParameter]: {
    Type: 'String',
    NoEcho: true,
    Description: 'ConnectionStrings__DefaultConnection as the root stack works it out: the RDS Proxy\'s, or DatabaseConnectionString.',
  },
};

const routeStackGlobals = functionGlobals({ Ref: connectionStringParameter });
const routeStackConditions = { InVpc: rootConditions.InVpc };

/** The parameters of a route stack: its own, then the root parameters its functions read, under the same names. */
export function routeStackParameters(): Record<string, ParameterDefinition> {
  const parameters: Record<string, ParameterDefinition> = { ...ownParameters };
  for (const name of referencedNames([routeStackGlobals, routeStackConditions])) {
    if (name in parameters) continue;
    const root = (rootParameters as Record<string, ParameterDefinition>)[name];
    if (!root) throw new Error(`the functions' settings name ${name}, which is no parameter of the root template`);
    parameters[name] = { Type: root.Type, ...(root.NoEcho ? { NoEcho: true } : {}), Description: `The root stack's ${name}.` };
  }
  return parameters;
}

/** What the stack's function says of itself; Lambda allows 256 characters. */
function functionDescriptionOf(stack: RouteStack): string {
  const part = stack.part === 1 ? '' : ` (part ${stack.part})`;
  const text =
    `Function group ${stack.group}${part}: ${stack.routes.length} route(s) of the HTTP API, one integration; ` +
    `the bundle dispatches on the route key (dist/functions/${stack.group}/handler.mjs)`;
  return text.length <= 256 ? text : `${text.slice(0, 255)}…`;
}

/**
 * What API Gateway sends the request from, as the route's permission names
 * it: any stage, the method, and the path with each `{parameter}` (and a
 * greedy `{name+}`) as `*`, as SAM writes it for an HttpApi event.
 */
export function invokeSourceArnOf(route: Pick<RouteDefinition, 'method' | 'path'>): { 'Fn::Sub': string } {
  return { 'Fn::Sub': `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${HttpApiId}/*/${route.method}${invokePathOf(route)}` };
}

/** The function of a stack, running its group's bundle, and its one integration on the HTTP API. */
function stackResources(stack: RouteStack): Record<string, unknown> {
  return {
    [stack.functionLogicalId]: {
      Type: 'AWS::Serverless::Function',
      Properties: {
        Description: functionDescriptionOf(stack),
        CodeUri: codeUriOf(stack.group),
        Handler: 'handler.handler',
        // One shared role: SAM would otherwise add a role per function.
        Role: { Ref: 'FunctionRoleArn' },
      },
    },
    [stack.integrationLogicalId]: {
      Type: 'AWS::ApiGatewayV2::Integration',
      Properties: {
        ApiId: { Ref: 'HttpApiId' },
        IntegrationType: 'AWS_PROXY',
        IntegrationUri: { 'Fn::GetAtt': [stack.functionLogicalId, 'Arn'] },
        PayloadFormatVersion: '2.0',
      },
    },
  };
}

/** The resources of one route: its route to the stack's integration, and the permission to invoke the stack's function for it. */
function routeResources(stack: RouteStack, route: RouteDefinition, routeId: string): Record<string, unknown> {
  const ids = routeResourceIds(routeId);
  return {
    [ids.route]: {
      Type: 'AWS::ApiGatewayV2::Route',
      Properties: {
        ApiId: { Ref: 'HttpApiId' },
        RouteKey: routeKeyOf(route),
        Target: { 'Fn::Sub': `integrations/\${${stack.integrationLogicalId}}` },
      },
    },
    [ids.permission]: {
      Type: 'AWS::Lambda::Permission',
      Properties: {
        Action: 'lambda:InvokeFunction',
        FunctionName: { Ref: stack.functionLogicalId },
        Principal: 'apigateway.amazonaws.com',
        SourceArn: invokeSourceArnOf(route),
      },
    },
  };
}

/**
 * The template of one route stack. `routeIds` are the route logical IDs of
 * the whole table (routeLogicalIds), so a route's IDs do not change when its
 * group is split.
 */
export function generateRouteStackTemplate(stack: RouteStack, routeIds: ReadonlyMap<string, string>): CloudFormationTemplate {
  const resources: Record<string, unknown> = stackResources(stack);
  for (const route of stack.routes) {
    const routeId = routeIds.get(routeKeyOf(route));
    if (routeId === undefined) throw new Error(`${routeKeyOf(route)} has no route logical ID`);
    for (const [id, resource] of Object.entries(routeResources(stack, route, routeId))) {
      if (id in resources) throw new Error(`route stack ${stack.name}: ${routeKeyOf(route)} would take the logical ID ${id} of another resource: rename the function group`);
      resources[id] = resource;
    }
  }
  const count = stack.routes.length;
  const part = stack.part === 1 ? '' : ` (part ${stack.part})`;
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Transform: 'AWS::Serverless-2016-10-31',
    Description:
      `Design Modelling Service, function deployment: function group ${stack.group}${part}, one function and one integration serving its ${count} route(s) on the HTTP API of the root stack (infra/template.yaml), a route and a permission per route. ` +
      'Generated by `npm run infra:template`; do not edit by hand; deployed as a nested stack of infra/template.yaml (docs/deploy.md).',
    Parameters: routeStackParameters(),
    Conditions: routeStackConditions,
    Globals: { Function: routeStackGlobals },
    Resources: resources,
  };
}
