import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serviceRoutes as routes } from '../functions/routes';
import { functionGroups, routeKeyOf, type RouteDefinition } from '../lib/platform/http/route-definition';
import { rootConditions } from './deployment-parameters';
import { lambdaRuntime } from './function-settings';
import {
  apiLogicalId,
  apiStageLogicalId,
  databaseProxyLogicalId,
  type DeploymentFile,
  deployedResourceCount,
  functionRoleLogicalId,
  generateDeployment,
  httpApiIntegrationLimit,
  httpApiRouteQuota,
  migrateFunctionLogicalId,
  renderDeployment,
  renderTemplate,
  stackResourceBudget,
  stackResourceLimit,
  workerFunctionLogicalId,
} from './generate-template';
import { baseLogicalIdOf, routeLogicalIds, routeResourceIds, stackLogicalIdOf, stackResourceIds } from './logical-ids';
import {
  codeUriOf,
  functionPolicyBudgetBytes,
  functionPolicyBytes,
  functionPolicyLimitBytes,
  resourcesPerRoute,
  resourcesPerStack,
  routeStackFolder,
  routeStacksOf,
  routesPerStack,
  templateFolder,
} from './route-stack';

const projectRoot = resolve(import.meta.dirname, '..');
const infraFolder = resolve(projectRoot, templateFolder);

type Template = Record<string, unknown>;
interface Resource {
  Type: string;
  Condition?: string;
  Properties: Record<string, any>;
}
type Globals = { Function: { Environment: { Variables: Record<string, unknown> }; VpcConfig: unknown; Runtime: string } };

const resourcesOf = (template: Template) => template.Resources as Record<string, Resource>;
const ofType = (template: Template, type: string) => Object.entries(resourcesOf(template)).filter(([, r]) => r.Type === type);
const globalsOf = (template: Template) => (template.Globals as Globals).Function;

function testRoute(method: RouteDefinition['method'], path: string, group = 'things'): RouteDefinition {
  return { method, path, group, operation: 'op', auth: 'none', body: 'none', bodyLimitBytes: 0, summary: 'test route' };
}

/** Where the made-up `bulk` group of tableOf1000Routes ends. */
const bulkEnd = 450;

/**
 * The table of today and as many made-up routes as make 1000: a group larger
 * than one stack holds, many small groups, a path parameter, a greedy path,
 * and two paths whose logical IDs meet.
 */
function tableOf1000Routes(): RouteDefinition[] {
  const table: RouteDefinition[] = [
    ...routes,
    testRoute('GET', '/test-only/projects/{projectId}/export', 'projects'),
    testRoute('POST', '/test-only/projects/{projectId}/imports', 'imports'),
    testRoute('GET', '/test-only/x/{id}'),
    testRoute('GET', '/test-only/x/id'),
    testRoute('DELETE', '/test-only/files/{path+}'),
    // Paths that read like another route's or the stack's resource IDs.
    testRoute('GET', '/test-only/x'),
    testRoute('GET', '/test-only/x/route'),
    testRoute('GET', '/test-only/x/permission'),
    testRoute('GET', '/test-only/x/integration'),
    testRoute('GET', '/test-only/x/function'),
  ];
  for (let n = 0; table.length < bulkEnd; n++) table.push(testRoute(n % 2 ? 'POST' : 'GET', `/test-only/bulk/{bulkId}/item-${n}`, 'bulk'));
  for (let n = 0; table.length < 1000; n++) table.push(testRoute('PUT', `/test-only/small-${n % 60}/thing-${n}`, `small-${n % 60}`));
  return table;
}

/** Route keys, in the order of the stacks, of every route the stacks put on the HTTP API. */
function routeKeysOf(files: readonly DeploymentFile[]): string[] {
  return files.flatMap((file) => ofType(file.template, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string));
}

/** What the root passes the nested stack of `file`, by parameter. */
function passedTo(root: Template, file: DeploymentFile): Record<string, unknown> {
  const nested = resourcesOf(root)[file.stack!.logicalId]!;
  expect(nested.Type).toBe('AWS::Serverless::Application');
  expect(nested.Properties.Location).toBe(file.path);
  return nested.Properties.Parameters;
}

/**
 * `value` of a route stack with each `Ref` to one of its parameters replaced
 * by what the root passes: what the functions get, written in the root's terms.
 */
function inRootTerms(value: unknown, passed: Record<string, unknown>, parameters: Record<string, { Type: string }>): unknown {
  if (Array.isArray(value)) return value.map((item) => inRootTerms(item, passed, parameters));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { Ref?: unknown }).Ref;
  if (typeof ref === 'string' && ref in passed) {
    const given = passed[ref] as { 'Fn::Join'?: [string, unknown] };
    // A list travels joined by ",": the route stack's CommaDelimitedList is the root's list again.
    if (parameters[ref]!.Type === 'CommaDelimitedList') {
      expect(given['Fn::Join']?.[0], ref).toBe(',');
      return given['Fn::Join']![1];
    }
    return given;
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inRootTerms(inner, passed, parameters)]));
}

describe('SAM templates of the route table', () => {
  const files = generateDeployment(routes);
  const root = files[0]!.template;
  const stacks = files.slice(1);
  const byKey = new Map(routes.map((route) => [routeKeyOf(route), route]));

  it('are a root template with one HTTP API and its $default stage, and one nested stack per route stack', () => {
    expect(files[0]!.path).toBe('template.yaml');
    for (const file of files) expect(file.template.Transform, file.path).toBe('AWS::Serverless-2016-10-31');
    const apis = files.flatMap((file) => [...ofType(file.template, 'AWS::ApiGatewayV2::Api'), ...ofType(file.template, 'AWS::Serverless::HttpApi')]);
    expect(apis.map(([id]) => id)).toEqual([apiLogicalId]);
    // No OpenAPI body: API Gateway drops routes declared beside one when the API is next updated.
    expect(resourcesOf(root)[apiLogicalId]!.Properties).toMatchObject({ ProtocolType: 'HTTP' });
    expect(Object.keys(resourcesOf(root)[apiLogicalId]!.Properties)).not.toContain('Body');
    expect(resourcesOf(root)[apiStageLogicalId]).toEqual({
      Type: 'AWS::ApiGatewayV2::Stage',
      Properties: { ApiId: { Ref: apiLogicalId }, StageName: '$default', AutoDeploy: true },
    });
    const nested = ofType(root, 'AWS::Serverless::Application');
    expect(nested.map(([id]) => id)).toEqual(stacks.map((file) => file.stack!.logicalId));
    expect(stacks.map((file) => file.path)).toEqual(stacks.map((file) => `stacks/${file.stack!.name}.yaml`));
  });

  it('put every route of the table on the HTTP API exactly once over all stacks, with its method and path, through its stack\'s one integration', () => {
    const keys = routeKeysOf(files);
    expect([...keys].sort()).toEqual(routes.map(routeKeyOf).sort());
    expect(new Set(keys).size).toBe(keys.length);
    const routeIds = routeLogicalIds(routes);
    for (const file of stacks) {
      const stack = file.stack!;
      expect(passedTo(root, file).HttpApiId, file.path).toEqual({ Ref: apiLogicalId });
      const resources = resourcesOf(file.template);
      // The stack's one integration invokes its one function.
      const integrations = ofType(file.template, 'AWS::ApiGatewayV2::Integration');
      expect(integrations.map(([id]) => id), file.path).toEqual([stack.integrationLogicalId]);
      expect(integrations[0]![1].Properties).toEqual({
        ApiId: { Ref: 'HttpApiId' },
        IntegrationType: 'AWS_PROXY',
        IntegrationUri: { 'Fn::GetAtt': [stack.functionLogicalId, 'Arn'] },
        PayloadFormatVersion: '2.0',
      });
      expect(resources[stack.functionLogicalId]!.Type, file.path).toBe('AWS::Serverless::Function');
      const stackRoutes = ofType(file.template, 'AWS::ApiGatewayV2::Route');
      expect(stackRoutes.map(([, r]) => r.Properties.RouteKey), file.path).toEqual(stack.routes.map(routeKeyOf));
      for (const [id, route] of stackRoutes) {
        expect(id).toBe(routeResourceIds(routeIds.get(route.Properties.RouteKey)!).route);
        expect(route.Properties.ApiId, id).toEqual({ Ref: 'HttpApiId' });
        expect(route.Properties.Target, id).toEqual({ 'Fn::Sub': `integrations/\${${stack.integrationLogicalId}}` });
        expect(byKey.get(route.Properties.RouteKey)!.group, id).toBe(stack.group);
      }
    }
  });

  it('let API Gateway invoke a stack\'s function for each of its routes\' own method and path only', () => {
    const routeIds = routeLogicalIds(routes);
    const prefix = 'arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}:${HttpApiId}/*/';
    const sourceArns = new Map<string, string>();
    for (const file of stacks) {
      const resources = resourcesOf(file.template);
      const permissions = ofType(file.template, 'AWS::Lambda::Permission');
      // One permission per route, none for the function as a whole.
      expect(permissions, file.path).toHaveLength(file.stack!.routes.length);
      for (const route of file.stack!.routes) {
        const permission = resources[routeResourceIds(routeIds.get(routeKeyOf(route))!).permission]!;
        expect(permission.Type, routeKeyOf(route)).toBe('AWS::Lambda::Permission');
        expect(permission.Properties).toMatchObject({
          Action: 'lambda:InvokeFunction',
          FunctionName: { Ref: file.stack!.functionLogicalId },
          Principal: 'apigateway.amazonaws.com',
        });
        const sourceArn = permission.Properties.SourceArn['Fn::Sub'] as string;
        // Any stage, this method, this path: a `*` only where the path has a parameter.
        const path = route.path.replace(/\{[^}]+\}/g, '*').replace(/^(.+)\/$/, '$1');
        expect(sourceArn, routeKeyOf(route)).toBe(`${prefix}${route.method}${path}`);
        sourceArns.set(routeKeyOf(route), sourceArn);
      }
    }
    expect(sourceArns.size).toBe(routes.length);
    expect(sourceArns.get('GET /api/projects/{projectId}/export')).toBe(`${prefix}GET/api/projects/*/export`);
    expect(sourceArns.get('GET /')).toBe(`${prefix}GET/`);
    expect(sourceArns.get('GET /{proxy+}')).toBe(`${prefix}GET/*`);
  });

  it('point every function at the bundle of its group, read from the folder of its own template file', () => {
    const missing: string[] = [];
    for (const file of files) {
      const folder = resolve(infraFolder, dirname(file.path));
      expect(globalsOf(file.template).Runtime, file.path).toBe(lambdaRuntime);
      for (const [id, fn] of ofType(file.template, 'AWS::Serverless::Function')) {
        expect(fn.Properties.Handler, id).toBe('handler.handler');
        const bundle = resolve(folder, fn.Properties.CodeUri);
        expect(bundle.startsWith(resolve(projectRoot, 'dist')), `${file.path} ${id}`).toBe(true);
        if (!existsSync(resolve(bundle, 'handler.mjs'))) missing.push(`${file.path} ${id}: ${bundle}/handler.mjs`);
        if (file.stack) expect(bundle, id).toBe(resolve(projectRoot, 'dist/functions', file.stack.group));
      }
    }
    expect(missing, 'bundles missing: run `npm run build` first').toEqual([]);
    expect(resolve(projectRoot, routeStackFolder)).toBe(resolve(infraFolder, 'stacks'));
    expect(codeUriOf('model')).toBe('../../dist/functions/model/');
  });

  it('serve the web client from the web bundle at GET / and the greedy GET /{proxy+}, its files inside the bundle folder', () => {
    const web = stacks.filter((file) => file.stack!.group === 'web');
    expect(routeKeysOf(web).sort()).toEqual(['GET /', 'GET /{proxy+}']);
    // The function is self-contained: CodeUri uploads the folder, client/ included (esbuild.config.mjs copies dist/web there).
    expect(existsSync(resolve(projectRoot, routeStackFolder, codeUriOf('web'), 'client/index.html')), 'run `npm run build` first').toBe(true);
  });

  it('run the job worker every minute from its own bundle, and have a migration function with no trigger', () => {
    const resources = resourcesOf(root);
    const worker = resources[workerFunctionLogicalId]!;
    expect(worker.Properties.CodeUri).toBe('../dist/worker/');
    expect(worker.Properties.Handler).toBe('handler.handler');
    expect(Object.values(worker.Properties.Events)).toEqual([{ Type: 'Schedule', Properties: expect.objectContaining({ Schedule: 'rate(1 minute)', Enabled: true }) }]);
    expect(worker.Properties.Timeout).toBe(900);
    const migrate = resources[migrateFunctionLogicalId]!;
    expect(migrate.Properties.CodeUri).toBe('../dist/migrate/');
    expect(migrate.Properties.Events).toBeUndefined();
    const outputs = root.Outputs as Record<string, { Value: unknown }>;
    expect(outputs.MigrateFunctionName!.Value).toEqual({ Ref: migrateFunctionLogicalId });
    expect(outputs.ApiId!.Value).toEqual({ Ref: apiLogicalId });
  });

  it('put every function in the VPC given by SubnetIds and SecurityGroupIds, and outside any VPC when none is given', () => {
    const parameters = root.Parameters as Record<string, { Type: string; Default?: unknown }>;
    expect(parameters.SubnetIds).toMatchObject({ Type: 'CommaDelimitedList', Default: '' });
    expect(parameters.SecurityGroupIds).toMatchObject({ Type: 'CommaDelimitedList', Default: '' });
    const vpcConfig = { 'Fn::If': ['InVpc', { SubnetIds: { Ref: 'SubnetIds' }, SecurityGroupIds: { Ref: 'SecurityGroupIds' } }, { Ref: 'AWS::NoValue' }] };
    for (const file of files) {
      expect(globalsOf(file.template).VpcConfig, file.path).toEqual(vpcConfig);
      expect((file.template.Conditions as Record<string, unknown>).InVpc, file.path).toEqual(rootConditions.InVpc);
    }
    for (const file of stacks) {
      const nested = file.template.Parameters as Record<string, { Type: string }>;
      for (const list of ['SubnetIds', 'SecurityGroupIds']) {
        expect(nested[list]!.Type, `${file.path} ${list}`).toBe('CommaDelimitedList');
        expect(passedTo(root, file)[list], `${file.path} ${list}`).toEqual({ 'Fn::Join': [',', { Ref: list }] });
      }
    }
  });

  it('give each function instance a pool of DatabasePoolSize connections (1 to 10, default 2)', () => {
    const parameters = root.Parameters as Record<string, { Type: string; Default?: unknown; MinValue?: number; MaxValue?: number }>;
    expect(parameters.DatabasePoolSize).toMatchObject({ Type: 'Number', Default: 2, MinValue: 1, MaxValue: 10 });
    for (const file of files) expect(globalsOf(file.template).Environment.Variables.Database__MaxPoolSize, file.path).toEqual({ Ref: 'DatabasePoolSize' });
    for (const file of stacks) expect(passedTo(root, file).DatabasePoolSize, file.path).toEqual({ Ref: 'DatabasePoolSize' });
  });

  it('connect through an RDS Proxy when DatabaseProxyTarget is given, else with DatabaseConnectionString', () => {
    const proxyParts = Object.entries(resourcesOf(root)).filter(([, r]) => r.Condition === 'UseDatabaseProxy');
    expect(proxyParts.map(([, r]) => r.Type).sort()).toEqual(['AWS::IAM::Role', 'AWS::RDS::DBProxy', 'AWS::RDS::DBProxyTargetGroup', 'AWS::SecretsManager::Secret']);
    const connection = globalsOf(root).Environment.Variables.ConnectionStrings__DefaultConnection as { 'Fn::If': [string, { 'Fn::Sub': string }, unknown] };
    expect(connection['Fn::If'][0]).toBe('UseDatabaseProxy');
    expect(connection['Fn::If'][1]['Fn::Sub']).toContain(`Host=\${${databaseProxyLogicalId}.Endpoint};Port=5432;`);
    expect(connection['Fn::If'][2]).toEqual({ Ref: 'DatabaseConnectionString' });
    expect(Object.keys(root.Rules as object)).toEqual(expect.arrayContaining(['DatabaseIsNamed', 'DatabaseProxyHasWhatItNeeds']));
    for (const file of stacks) expect(passedTo(root, file).ConnectionString, file.path).toEqual(connection);
  });

  it('give the route functions what the root\'s functions get: runtime, size, network, environment, role', () => {
    const role = { 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] };
    for (const [id, fn] of ofType(root, 'AWS::Serverless::Function')) expect(fn.Properties.Role, id).toEqual(role);
    for (const file of stacks) {
      const parameters = file.template.Parameters as Record<string, { Type: string }>;
      const passed = passedTo(root, file);
      // Every parameter given, none left over (cfn-lint checks the same from the files).
      expect(Object.keys(passed).sort(), file.path).toEqual(Object.keys(parameters).sort());
      expect(inRootTerms(file.template.Globals, passed, parameters), file.path).toEqual(root.Globals);
      for (const [id, fn] of ofType(file.template, 'AWS::Serverless::Function')) expect(inRootTerms(fn.Properties.Role, passed, parameters), id).toEqual(role);
    }
  });

  it('pass the hosted configuration from parameters, secrets without echo in every stack', () => {
    const env = globalsOf(root).Environment.Variables;
    expect(env.Svc__Profile).toBe('hosted');
    expect(env.Database__MigrateOnStartup).toBe('false');
    const parameters = root.Parameters as Record<string, { NoEcho?: boolean }>;
    for (const parameter of ['DatabaseConnectionString', 'DatabasePassword']) expect(parameters[parameter]!.NoEcho, parameter).toBe(true);
    for (const [variable, parameter, secret] of [
      ['Svc__MasterKey', 'MasterKey', true],
      ['Svc__SetupToken', 'SetupToken', true],
      ['AllowedHosts', 'AllowedHosts', false],
      ['Svc__PublicUrl', 'PublicUrl', false],
    ] as const) {
      expect(env[variable], variable).toEqual({ Ref: parameter });
      expect(parameters[parameter], parameter).toBeDefined();
      if (secret) expect(parameters[parameter]!.NoEcho, parameter).toBe(true);
    }
    for (const file of stacks) {
      const nested = file.template.Parameters as Record<string, { NoEcho?: boolean }>;
      for (const name of ['MasterKey', 'PreviousMasterKey', 'SetupToken', 'ConnectionString']) expect(nested[name]!.NoEcho, `${file.path} ${name}`).toBe(true);
      for (const [name, definition] of Object.entries(nested)) if (parameters[name]?.NoEcho) expect(definition.NoEcho, `${file.path} ${name}`).toBe(true);
    }
  });

  it('give every resource a logical ID of its own in its stack: one function and one integration per stack, named after its group and part, a route and a permission per route', () => {
    for (const file of stacks) {
      const stack = file.stack!;
      const ids = Object.keys(resourcesOf(file.template));
      // Resources are keyed by ID: two that met would leave fewer than these.
      expect(ids, file.path).toHaveLength(resourcesPerStack + resourcesPerRoute * stack.routes.length);
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{1,255}$/);
      const functions = ofType(file.template, 'AWS::Serverless::Function');
      expect(functions.map(([id]) => id), file.path).toEqual([stack.functionLogicalId]);
      expect(stackResourceIds(stack.group, stack.part), file.path).toEqual({ function: stack.functionLogicalId, integration: stack.integrationLogicalId });
      expect(stack.logicalId).toBe(stackLogicalIdOf(stack.group, stack.part));
      // The function names its group and how many routes it serves.
      const description = functions[0]![1].Properties.Description as string;
      expect(description.length, file.path).toBeLessThanOrEqual(256);
      expect(description, file.path).toContain(`Function group ${stack.group}`);
      expect(description, file.path).toContain(`${stack.routes.length} route(s)`);
    }
    expect(stackResourceIds('secrets', 1)).toEqual({ function: 'SecretsFunction', integration: 'SecretsIntegration' });
    expect(stackResourceIds('load-tests', 2)).toEqual({ function: 'LoadTestsFunction2', integration: 'LoadTestsIntegration2' });
    expect(stackLogicalIdOf('load-tests', 2)).toBe('LoadTestsRoutes2');
    expect(ofType(root, 'AWS::Serverless::Application')).toHaveLength(stacks.length);
  });

  it('keep every stack, root and nested, within the resource budget (well under CloudFormation\'s 500) and every file under 1 MB', () => {
    expect(stackResourceBudget).toBeLessThan(stackResourceLimit);
    for (const [path, text] of renderDeployment(routes)) {
      const template = files.find((file) => file.path === path)!.template;
      expect(deployedResourceCount(template), `${path}: resources after the SAM transform`).toBeLessThanOrEqual(stackResourceBudget);
      // CloudFormation reads a template of at most 1 MB from S3, where the packaging puts it.
      expect(Buffer.byteLength(text), path).toBeLessThan(1_000_000);
    }
    expect(deployedResourceCount(root)).toBe(11 + stacks.length);
    for (const file of stacks) expect(deployedResourceCount(file.template), file.path).toBe(resourcesPerStack + resourcesPerRoute * file.stack!.routes.length);
    expect(resourcesPerStack + resourcesPerRoute * routesPerStack).toBeLessThanOrEqual(stackResourceBudget);
  });

  it('keep every function\'s policy, a permission per route, within its budget (well under Lambda\'s 20 KB)', () => {
    expect(functionPolicyBudgetBytes).toBeLessThan(functionPolicyLimitBytes);
    for (const file of stacks) expect(functionPolicyBytes(file.stack!.routes), file.path).toBeLessThanOrEqual(functionPolicyBudgetBytes);
    // A group is split only where its next route would not fit.
    for (const [index, file] of stacks.entries()) {
      const next = stacks[index + 1]?.stack;
      if (next?.group !== file.stack!.group) continue;
      expect(file.stack!.routes.length === routesPerStack || functionPolicyBytes([...file.stack!.routes, next.routes[0]!]) > functionPolicyBudgetBytes, file.path).toBe(true);
    }
  });

  it('stay within the integrations one HTTP API may hold (one per route stack, a quota AWS does not raise) and its default routes quota', () => {
    const integrations = files.flatMap((file) => ofType(file.template, 'AWS::ApiGatewayV2::Integration'));
    expect(integrations).toHaveLength(stacks.length);
    expect(stacks.length).toBeLessThanOrEqual(httpApiIntegrationLimit);
    // One stack per function group, but for a group whose routes' permissions do not fit one function's policy.
    // (the test of the policy budget checks that a group is split only where it must be).
    for (const group of functionGroups(routes)) {
      const members = routes.filter((route) => route.group === group);
      if (functionPolicyBytes(members) <= functionPolicyBudgetBytes) expect(stacks.filter((file) => file.stack!.group === group), group).toHaveLength(1);
    }
    // The ceiling now: 300 routes per API by default. AWS raises it for the API on request; then raise httpApiRouteQuota to match.
    const message = `${routes.length} routes on one HTTP API; its "Routes per API" quota is ${httpApiRouteQuota} unless raised: have it raised for the API, then raise httpApiRouteQuota (docs/deploy.md "Limits of this form")`;
    expect(routes.length, message).toBeLessThanOrEqual(httpApiRouteQuota);
  });

  it('are committed in infra/, up to date, with no route stack file the table does not give', async () => {
    const rendered = renderDeployment(routes);
    const stale: string[] = [];
    for (const [path, text] of rendered) {
      const committed = await readFile(join(infraFolder, path), 'utf8').catch(() => '');
      if (committed !== text) stale.push(path);
      else expect(parse(committed), path).toEqual(files.find((file) => file.path === path)!.template);
    }
    expect(stale, 'these files differ from what the route table gives now: run `npm run infra:template` and commit the result').toEqual([]);
    const present = (await readdir(resolve(projectRoot, routeStackFolder))).map((name) => `stacks/${name}`);
    expect(present.sort(), 'infra/stacks/ holds a file the table does not give: run `npm run infra:template`').toEqual([...rendered.keys()].filter((path) => path !== 'template.yaml').sort());
  });
});

describe('a table of 1000 routes', () => {
  const table = tableOf1000Routes();
  const files = generateDeployment(table);

  it('still fits: every stack and function policy within its budget, every route exactly once, big groups split, an integration per stack', () => {
    expect(table).toHaveLength(1000);
    for (const file of files) expect(deployedResourceCount(file.template), file.path).toBeLessThanOrEqual(stackResourceBudget);
    for (const file of files.slice(1)) expect(functionPolicyBytes(file.stack!.routes), file.path).toBeLessThanOrEqual(functionPolicyBudgetBytes);
    const keys = routeKeysOf(files);
    expect(keys.sort()).toEqual(table.map(routeKeyOf).sort());
    const bulk = files.filter((file) => file.stack?.group === 'bulk');
    expect(bulk.length).toBeGreaterThanOrEqual(3);
    expect(bulk.map((file) => file.path)).toEqual(bulk.map((_, index) => (index === 0 ? 'stacks/bulk.yaml' : `stacks/bulk-${index + 1}.yaml`)));
    // The parts hold the group's routes in table order.
    expect(bulk.flatMap((file) => file.stack!.routes)).toEqual(table.filter((route) => route.group === 'bulk'));
    expect(bulk.map((file) => file.stack!.functionLogicalId)).toEqual(bulk.map((_, index) => `BulkFunction${index === 0 ? '' : index + 1}`));
    const integrations = files.flatMap((file) => ofType(file.template, 'AWS::ApiGatewayV2::Integration'));
    expect(integrations).toHaveLength(files.length - 1);
    expect(integrations.length).toBeLessThanOrEqual(httpApiIntegrationLimit);
  });

  it('keeps each route in the stack it had as the table grows', () => {
    const before = new Map(routeStacksOf(routes).flatMap((stack) => stack.routes.map((route) => [routeKeyOf(route), stack.name])));
    const after = new Map(routeStacksOf(table).flatMap((stack) => stack.routes.map((route) => [routeKeyOf(route), stack.name])));
    for (const [key, stack] of before) expect(after.get(key), key).toBe(stack);
  });
});

describe('route logical IDs', () => {
  it('are the method and the path segments in PascalCase', () => {
    expect(baseLogicalIdOf({ method: 'GET', path: '/api/projects/{projectId}/export' })).toBe('GetApiProjectsProjectIdExport');
    expect(baseLogicalIdOf({ method: 'DELETE', path: '/api/workspaces/{workspaceId}/members/{user-id}' })).toBe('DeleteApiWorkspacesWorkspaceIdMembersUserId');
    expect(baseLogicalIdOf({ method: 'POST', path: '/mcp' })).toBe('PostMcp');
    expect(baseLogicalIdOf({ method: 'GET', path: '/' })).toBe('GetRoot');
  });

  it('stay unique, and independent of table order, when two paths give the same words', () => {
    const table = [testRoute('GET', '/api/x/{id}'), testRoute('GET', '/api/x/id'), testRoute('GET', '/api/y')];
    const ids = routeLogicalIds(table);
    const reversed = routeLogicalIds([...table].reverse());
    expect(new Set(ids.values()).size).toBe(3);
    expect(ids.get('GET /api/y')).toBe('GetApiY');
    expect(ids.get('GET /api/x/{id}')).toMatch(/^GetApiXId[0-9A-F]{8}$/);
    for (const [key, id] of ids) expect(reversed.get(key)).toBe(id);
  });

  it('refuse a table that holds a route twice', () => {
    expect(() => generateDeployment([testRoute('GET', '/a'), testRoute('GET', '/a')])).toThrow(/GET \/a twice/);
  });

  it('refuse a route whose resource would take its stack\'s function or integration ID', () => {
    // Group `route-get-x` makes `RouteGetXFunction`, the ID of the route GET /x/function.
    expect(() => generateDeployment([testRoute('GET', '/x/function', 'route-get-x')])).toThrow(/RouteGetXFunction.*rename the function group/);
  });
});

// cfn-lint (Python) runs the SAM transform and checks the result, nested stack
// parameters against the nested templates included; it is on our machines but
// not a project dependency, so the checks run where it is found.
const found = (command: string, args: string[]) => {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const cfnLint = found('cfn-lint', ['--version']);
// Counts the resources of each template after SAM's own transform (the one cfn-lint runs).
const countAfterTransform = `
import json, sys
from cfnlint.decode import decode
from cfnlint.template.transforms._sam import Transform
counts = {}
for path in sys.argv[1:]:
    template, errors = decode(path)
    if errors: sys.exit(f"{path}: {errors}")
    transform = Transform(path, template, "us-east-1")
    errors = transform.transform_template()
    if errors: sys.exit(f"{path}: {errors}")
    counts[path] = len(transform.template()["Resources"])
print(json.dumps(counts))
`;
const samTransform = found('python3', ['-c', 'import cfnlint.template.transforms._sam']);

if (!cfnLint) process.stdout.write('skipped: cfn-lint of infra/template.yaml and infra/stacks/ (cfn-lint is not on PATH; `pip install cfn-lint` to run it)\n');
if (!samTransform) process.stdout.write('skipped: resource counts after the SAM transform (python3 cannot import cfn-lint\'s SAM transform; `pip install cfn-lint`)\n');

describe.skipIf(!cfnLint && !samTransform)('the files as AWS tools read them', () => {
  const committed = [...renderDeployment(routes).keys()].map((path) => join(infraFolder, path));
  const larger = generateDeployment(tableOf1000Routes());
  let folder = '';
  const largerFiles: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'svc-template-'));
    for (const file of larger) {
      const path = join(folder, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, renderTemplate(file.template));
      largerFiles.push(path);
    }
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /**
   * Of the larger table, the root and the stacks holding made-up routes; its
   * other stacks are the committed ones' kind again, and reading them would
   * add a minute and nothing else.
   */
  const madeUp = () => largerFiles.filter((path) => /[/\\](template|things|projects|imports|bulk-3|small-0)\.yaml$/.test(path));

  it.skipIf(!cfnLint)('cfn-lint accepts every committed file, and the root and the made-up routes\' stacks of a 1000-route table', async () => {
    // One run for all: starting cfn-lint is much of the cost. Not synchronous: a
    // minute-long blocked event loop makes vitest's worker miss its heartbeat.
    expect(madeUp()).toHaveLength(6);
    try {
      await promisify(execFile)('cfn-lint', [...committed, ...madeUp()], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      expect.fail(`cfn-lint rejects a template:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }, 300_000);

  it.skipIf(!samTransform)('counts the resources of every stack as the SAM transform makes them', async () => {
    const { stdout } = await promisify(execFile)('python3', ['-c', countAfterTransform, ...committed, ...madeUp()], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    const counts = JSON.parse(stdout) as Record<string, number>;
    const expected = [
      ...generateDeployment(routes).map((file) => [join(infraFolder, file.path), deployedResourceCount(file.template)] as const),
      ...larger.map((file) => [join(folder, file.path), deployedResourceCount(file.template)] as const).filter(([path]) => madeUp().includes(path)),
    ];
    expect(Object.keys(counts)).toHaveLength(committed.length + 6);
    expect(counts).toEqual(Object.fromEntries(expected));
  }, 120_000);
});
