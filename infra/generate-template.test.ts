import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { functionGroups, routeKeyOf, routes, type RouteDefinition } from '../lib/http/route-table';
import {
  baseLogicalIdOf,
  codeUriOf,
  databaseProxyLogicalId,
  deployedResourceCount,
  functionLogicalIds,
  functionRoleLogicalId,
  generateSamTemplate,
  httpApiEventName,
  httpApiLogicalId,
  lambdaRuntime,
  migrateFunctionLogicalId,
  renderSamTemplate,
  stackResourceLimit,
  templateFolder,
  workerFunctionLogicalId,
} from './generate-template';

const templateFile = resolve(import.meta.dirname, 'template.yaml');
const projectRoot = resolve(import.meta.dirname, '..');

interface FunctionResource {
  Type: string;
  Properties: {
    CodeUri: string;
    Handler: string;
    Events: Record<string, { Type: string; Properties: { ApiId: unknown; Method: string; Path: string } }>;
  };
}

function allFunctionsOf(template: Record<string, unknown>): [string, FunctionResource][] {
  const resources = template.Resources as Record<string, { Type: string }>;
  return Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Serverless::Function') as [string, FunctionResource][];
}

/** The functions that serve a route (the worker and the migration step serve none). */
function functionsOf(template: Record<string, unknown>): [string, FunctionResource][] {
  return allFunctionsOf(template).filter(([, f]) => Object.values(f.Properties.Events ?? {}).some((e) => e.Type === 'HttpApi'));
}

function routeKeysOf(template: Record<string, unknown>): string[] {
  return functionsOf(template).flatMap(([, f]) => Object.values(f.Properties.Events).map((e) => `${e.Properties.Method} ${e.Properties.Path}`));
}

type Globals = { Function: { Environment: { Variables: Record<string, unknown> }; VpcConfig: unknown; Runtime: string } };

function testRoute(method: RouteDefinition['method'], path: string, group = 'things'): RouteDefinition {
  return { method, path, group, operation: 'op', auth: 'none', body: 'none', bodyLimitBytes: 0, summary: 'test route' };
}

describe('SAM template of the route table', () => {
  const template = generateSamTemplate(routes);

  it('is a SAM template with one HTTP API', () => {
    expect(template.Transform).toBe('AWS::Serverless-2016-10-31');
    const apis = Object.entries(template.Resources as Record<string, { Type: string }>).filter(([, r]) => r.Type === 'AWS::Serverless::HttpApi');
    expect(apis.map(([id]) => id)).toEqual([httpApiLogicalId]);
  });

  it('has every route of the table exactly once, with its method and path, on the HTTP API', () => {
    const keys = routeKeysOf(template);
    expect([...keys].sort()).toEqual(routes.map(routeKeyOf).sort());
    expect(new Set(keys).size).toBe(keys.length);
    for (const [id, fn] of functionsOf(template)) {
      const events = Object.values(fn.Properties.Events);
      expect(events, id).toHaveLength(1);
      expect(events[0]!.Type).toBe('HttpApi');
      expect(events[0]!.Properties.ApiId).toEqual({ Ref: httpApiLogicalId });
    }
  });

  it('points every function at the bundle of a function group', () => {
    const groups = functionGroups(routes);
    const byKey = new Map(routes.map((r) => [routeKeyOf(r), r]));
    for (const [id, fn] of functionsOf(template)) {
      const event = fn.Properties.Events[httpApiEventName]!.Properties;
      const route = byKey.get(`${event.Method} ${event.Path}`)!;
      expect(groups.map(codeUriOf), id).toContain(fn.Properties.CodeUri);
      expect(fn.Properties.CodeUri, id).toBe(codeUriOf(route.group));
      expect(fn.Properties.Handler, id).toBe('handler.handler');
    }
    expect((template.Globals as Globals).Function.Runtime).toBe(lambdaRuntime);
  });

  it('packages from where it stands: every CodeUri, read from the template\'s folder, is a built bundle folder', () => {
    const missing: string[] = [];
    for (const [id, fn] of allFunctionsOf(template)) {
      expect(fn.Properties.CodeUri, id).toMatch(/^\.\.\/dist\/[a-z/-]+\/$/);
      const folder = resolve(projectRoot, templateFolder, fn.Properties.CodeUri);
      expect(folder.startsWith(resolve(projectRoot, 'dist')), id).toBe(true);
      if (!existsSync(resolve(folder, 'handler.mjs'))) missing.push(`${id}: ${folder}/handler.mjs`);
    }
    expect(missing, 'bundles missing: run `npm run build` first').toEqual([]);
    expect(resolve(projectRoot, templateFolder)).toBe(resolve(templateFile, '..'));
  });

  it('serves the web client from the web bundle at GET / and the greedy GET /{proxy+}, its files inside the bundle folder', () => {
    const web = functionsOf(template).filter(([, f]) => f.Properties.CodeUri === codeUriOf('web'));
    expect(web.map(([, f]) => `${f.Properties.Events[httpApiEventName]!.Properties.Method} ${f.Properties.Events[httpApiEventName]!.Properties.Path}`).sort()).toEqual(['GET /', 'GET /{proxy+}']);
    // The function is self-contained: CodeUri uploads the folder, client/ included (esbuild.config.mjs copies dist/web there).
    expect(existsSync(resolve(projectRoot, templateFolder, codeUriOf('web'), 'client/index.html')), 'run `npm run build` first').toBe(true);
  });

  it('runs the job worker every minute from its own bundle, and has a migration function with no trigger', () => {
    const resources = template.Resources as Record<string, FunctionResource & { Properties: { Timeout?: number; Events?: Record<string, { Type: string; Properties: Record<string, unknown> }> } }>;
    const worker = resources[workerFunctionLogicalId]!;
    expect(worker.Properties.CodeUri).toBe('../dist/worker/');
    expect(worker.Properties.Handler).toBe('handler.handler');
    expect(Object.values(worker.Properties.Events!)).toEqual([{ Type: 'Schedule', Properties: expect.objectContaining({ Schedule: 'rate(1 minute)', Enabled: true }) }]);
    expect(worker.Properties.Timeout).toBe(900);
    const migrate = resources[migrateFunctionLogicalId]!;
    expect(migrate.Properties.CodeUri).toBe('../dist/migrate/');
    expect(migrate.Properties.Events).toBeUndefined();
    const outputs = template.Outputs as Record<string, { Value: unknown }>;
    expect(outputs.MigrateFunctionName!.Value).toEqual({ Ref: migrateFunctionLogicalId });
  });

  it('puts the functions in the VPC given by SubnetIds and SecurityGroupIds, and outside any VPC when none is given', () => {
    const parameters = template.Parameters as Record<string, { Type: string; Default?: unknown }>;
    expect(parameters.SubnetIds).toMatchObject({ Type: 'CommaDelimitedList', Default: '' });
    expect(parameters.SecurityGroupIds).toMatchObject({ Type: 'CommaDelimitedList', Default: '' });
    expect((template.Globals as Globals).Function.VpcConfig).toEqual({
      'Fn::If': ['InVpc', { SubnetIds: { Ref: 'SubnetIds' }, SecurityGroupIds: { Ref: 'SecurityGroupIds' } }, { Ref: 'AWS::NoValue' }],
    });
  });

  it('gives each function instance a pool of DatabasePoolSize connections (1 to 10, default 2)', () => {
    const parameters = template.Parameters as Record<string, { Type: string; Default?: unknown; MinValue?: number; MaxValue?: number }>;
    expect(parameters.DatabasePoolSize).toMatchObject({ Type: 'Number', Default: 2, MinValue: 1, MaxValue: 10 });
    expect((template.Globals as Globals).Function.Environment.Variables.Database__MaxPoolSize).toEqual({ Ref: 'DatabasePoolSize' });
  });

  it('connects through an RDS Proxy when DatabaseProxyTarget is given, else with DatabaseConnectionString', () => {
    const resources = template.Resources as Record<string, { Type: string; Condition?: string }>;
    const proxyParts = Object.entries(resources).filter(([, r]) => r.Condition === 'UseDatabaseProxy');
    expect(proxyParts.map(([, r]) => r.Type).sort()).toEqual(['AWS::IAM::Role', 'AWS::RDS::DBProxy', 'AWS::RDS::DBProxyTargetGroup', 'AWS::SecretsManager::Secret']);
    const connection = (template.Globals as Globals).Function.Environment.Variables.ConnectionStrings__DefaultConnection as { 'Fn::If': [string, { 'Fn::Sub': string }, unknown] };
    expect(connection['Fn::If'][0]).toBe('UseDatabaseProxy');
    expect(connection['Fn::If'][1]['Fn::Sub']).toContain(`Host=\${${databaseProxyLogicalId}.Endpoint};Port=5432;`);
    expect(connection['Fn::If'][2]).toEqual({ Ref: 'DatabaseConnectionString' });
    expect(Object.keys(template.Rules as object)).toEqual(expect.arrayContaining(['DatabaseIsNamed', 'DatabaseProxyHasWhatItNeeds']));
  });

  it('gives every function a unique CloudFormation logical ID', () => {
    const ids = functionsOf(template).map(([id]) => id);
    expect(ids).toHaveLength(routes.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{1,255}$/);
  });

  it('stays within the resource limit of one CloudFormation stack', () => {
    const message =
      `${routes.length} routes give ${deployedResourceCount(routes)} resources after the SAM transform (limit ${stackResourceLimit}): ` +
      'split the template (one stack per function group, or functions per group instead of per route)';
    expect(deployedResourceCount(routes), message).toBeLessThanOrEqual(stackResourceLimit);
    for (const [id, fn] of allFunctionsOf(template)) expect((fn.Properties as { Role?: unknown }).Role, id).toEqual({ 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] });
  });

  it('passes the hosted configuration from parameters, secrets without echo', () => {
    const env = (template.Globals as Globals).Function.Environment.Variables;
    expect(env.Svc__Profile).toBe('hosted');
    expect(env.Database__MigrateOnStartup).toBe('false');
    const parameters = template.Parameters as Record<string, { NoEcho?: boolean }>;
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
  });

  it('is committed as infra/template.yaml, up to date', async () => {
    const committed = await readFile(templateFile, 'utf8').catch(() => '');
    const message = 'infra/template.yaml differs from what the route table gives now: run `npm run infra:template` and commit the result';
    expect(committed === renderSamTemplate(routes), message).toBe(true);
    expect(parse(committed)).toEqual(template);
  });
});

describe('function logical IDs', () => {
  it('are the method and the path segments in PascalCase', () => {
    expect(baseLogicalIdOf({ method: 'GET', path: '/api/projects/{projectId}/export' })).toBe('GetApiProjectsProjectIdExport');
    expect(baseLogicalIdOf({ method: 'DELETE', path: '/api/workspaces/{workspaceId}/members/{user-id}' })).toBe('DeleteApiWorkspacesWorkspaceIdMembersUserId');
    expect(baseLogicalIdOf({ method: 'POST', path: '/mcp' })).toBe('PostMcp');
    expect(baseLogicalIdOf({ method: 'GET', path: '/' })).toBe('GetRoot');
  });

  it('stay unique, and independent of table order, when two paths give the same words', () => {
    const table = [testRoute('GET', '/api/x/{id}'), testRoute('GET', '/api/x/id'), testRoute('GET', '/api/y')];
    const ids = functionLogicalIds(table);
    const reversed = functionLogicalIds([...table].reverse());
    expect(new Set(ids.values()).size).toBe(3);
    expect(ids.get('GET /api/y')).toBe('GetApiY');
    expect(ids.get('GET /api/x/{id}')).toMatch(/^GetApiXId[0-9A-F]{8}$/);
    for (const [key, id] of ids) expect(reversed.get(key)).toBe(id);
  });

  it('refuse a table that holds a route twice', () => {
    expect(() => generateSamTemplate([testRoute('GET', '/a'), testRoute('GET', '/a')])).toThrow(/GET \/a twice/);
  });
});

// cfn-lint (Python) runs the SAM transform and checks the result; it is on
// our machines but not a project dependency, so the check runs where it is found.
const cfnLint = (() => {
  try {
    execFileSync('cfn-lint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

if (!cfnLint) process.stdout.write('skipped: cfn-lint of infra/template.yaml (cfn-lint is not on PATH; `pip install cfn-lint` to run it)\n');

describe.skipIf(!cfnLint)('cfn-lint', () => {
  it('accepts the committed template and one of a larger table', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'svc-template-'));
    try {
      const larger = join(folder, 'larger.yaml');
      await writeFile(
        larger,
        renderSamTemplate([
          ...routes,
          // Paths no real route has: a path parameter, two groups, and two IDs that meet.
          testRoute('GET', '/test-only/projects/{projectId}/export', 'projects'),
          testRoute('POST', '/test-only/projects/{projectId}/imports', 'imports'),
          testRoute('GET', '/test-only/x/{id}'),
          testRoute('GET', '/test-only/x/id'),
        ]),
      );
      // One run for both: starting cfn-lint and its SAM transform is most of the cost. Not
      // synchronous: a minute-long blocked event loop makes vitest's worker miss its heartbeat.
      try {
        await promisify(execFile)('cfn-lint', [templateFile, larger], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string };
        expect.fail(`cfn-lint rejects the template:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});
