/**
 * The route stacks of the function deployment: nested stacks, one per
 * function group (a group of more than `routesPerStack` routes gets several),
 * each holding per route its function and the three resources that put the
 * route on the root stack's HTTP API. A route stays in its group's stack as
 * the table grows, so a deploy never moves a route between stacks unless its
 * group changes (docs/deploy.md "Route stacks").
 *
 * SAM adds an HttpApi event's route to the OpenAPI body of an HttpApi in the
 * same template only, and API Gateway drops routes declared beside such a body
 * on the next update; so the routes are plain AWS::ApiGatewayV2 resources on
 * an API made without a body (infra/generate-template.ts).
 */

import { posix } from 'node:path';
import { functionGroups, routeKeyOf, type RouteDefinition } from '../lib/http/route-definition';
import { rootConditions, rootParameters, type ParameterDefinition } from './deployment-parameters';
import { functionGlobals, referencedNames } from './function-settings';
import { pascalWords, routeResourceIds } from './logical-ids';

/** A CloudFormation template as plain data (intrinsics in their long form, `{ Ref: … }`). */
export type CloudFormationTemplate = Record<string, unknown>;

/** The folder of infra/template.yaml, relative to the project root. */
export const templateFolder = 'infra';
/** The folder of the route stacks' templates, relative to the project root. */
export const routeStackFolder = `${templateFolder}/stacks`;

/**
 * Routes in one route stack at most: 4 resources each (function, integration,
 * route, permission) keep a full stack at 360, well under CloudFormation's 500.
 */
export const routesPerStack = 90;
/** Resources of one route on the HTTP API, after the SAM transform. */
export const resourcesPerRoute = 4;

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
  routes: readonly RouteDefinition[];
}

/** The template's path relative to the root template's folder, as its `Location` names it. */
export function routeStackLocation(stack: Pick<RouteStack, 'name'>): string {
  return `${posix.relative(templateFolder, routeStackFolder)}/${stack.name}.yaml`;
}

/**
 * The route stacks of a table: per function group in table order, its routes
 * in table order, `routesPerStack` at most in one stack.
 */
export function routeStacksOf(routes: readonly RouteDefinition[]): RouteStack[] {
  const stacks: RouteStack[] = [];
  for (const group of functionGroups(routes)) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(group)) throw new Error(`function group "${group}" cannot name a stack file: lower-case letters, digits and "-" only`);
    const members = routes.filter((route) => route.group === group);
    for (let start = 0; start < members.length; start += routesPerStack) {
      const part = start / routesPerStack + 1;
      stacks.push({
        name: part === 1 ? group : `${group}-${part}`,
        logicalId: `${pascalWords(group)}Routes${part === 1 ? '' : part}`,
        group,
        routes: members.slice(start, start + routesPerStack),
      });
    }
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

function descriptionOf(route: RouteDefinition): string {
  const text = `${routeKeyOf(route)}: ${route.summary}`;
  // Lambda allows 256 characters.
  return text.length <= 256 ? text : `${text.slice(0, 255)}…`;
}

/**
 * What API Gateway sends the request from, as the function's permission
 * names it: any stage, the method, and the path with each `{parameter}` (and
 * a greedy `{name+}`) as `*`, as SAM writes it for an HttpApi event.
 */
export function invokeSourceArnOf(route: Pick<RouteDefinition, 'method' | 'path'>): { 'Fn::Sub': string } {
  const path = route.path.replace(/\{[^}]+\}/g, '*').replace(/^(.+)\/$/, '$1');
  return { 'Fn::Sub': `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${HttpApiId}/*/${route.method}${path}` };
}

/** The resources of one route: its function, and its integration, route and permission on the HTTP API. */
function routeResources(route: RouteDefinition, functionId: string): Record<string, unknown> {
  const ids = routeResourceIds(functionId);
  return {
    [ids.function]: {
      Type: 'AWS::Serverless::Function',
      Properties: {
        Description: descriptionOf(route),
        CodeUri: codeUriOf(route.group),
        Handler: 'handler.handler',
        // One shared role: SAM would otherwise add a role per function.
        Role: { Ref: 'FunctionRoleArn' },
      },
    },
    [ids.integration]: {
      Type: 'AWS::ApiGatewayV2::Integration',
      Properties: {
        ApiId: { Ref: 'HttpApiId' },
        IntegrationType: 'AWS_PROXY',
        IntegrationUri: { 'Fn::GetAtt': [ids.function, 'Arn'] },
        PayloadFormatVersion: '2.0',
      },
    },
    [ids.route]: {
      Type: 'AWS::ApiGatewayV2::Route',
      Properties: {
        ApiId: { Ref: 'HttpApiId' },
        RouteKey: routeKeyOf(route),
        Target: { 'Fn::Sub': `integrations/\${${ids.integration}}` },
      },
    },
    [ids.permission]: {
      Type: 'AWS::Lambda::Permission',
      Properties: {
        Action: 'lambda:InvokeFunction',
        FunctionName: { Ref: ids.function },
        Principal: 'apigateway.amazonaws.com',
        SourceArn: invokeSourceArnOf(route),
      },
    },
  };
}

/**
 * The template of one route stack. `functionIds` are the logical IDs of the
 * whole table's functions (functionLogicalIds), so an ID does not change when
 * a group is split.
 */
export function generateRouteStackTemplate(stack: RouteStack, functionIds: ReadonlyMap<string, string>): CloudFormationTemplate {
  const resources: Record<string, unknown> = {};
  for (const route of stack.routes) {
    const functionId = functionIds.get(routeKeyOf(route));
    if (functionId === undefined) throw new Error(`${routeKeyOf(route)} has no function logical ID`);
    Object.assign(resources, routeResources(route, functionId));
  }
  const count = stack.routes.length;
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Transform: 'AWS::Serverless-2016-10-31',
    Description:
      `Design Modelling Service, function deployment: the function of each of ${count} route(s) of function group ${stack.group}, on the HTTP API of the root stack (infra/template.yaml). ` +
      'Generated by `npm run infra:template`; do not edit by hand; deployed as a nested stack of infra/template.yaml (docs/deploy.md).',
    Parameters: routeStackParameters(),
    Conditions: routeStackConditions,
    Globals: { Function: routeStackGlobals },
    Resources: resources,
  };
}
