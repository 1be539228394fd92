import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { functionGroups, routeKeyOf, routes, type RouteDefinition } from '../lib/http/route-table';
import {
  baseLogicalIdOf,
  codeUriOf,
  deployedResourceCount,
  functionLogicalIds,
  functionRoleLogicalId,
  generateSamTemplate,
  httpApiEventName,
  httpApiLogicalId,
  lambdaRuntime,
  renderSamTemplate,
  stackResourceLimit,
} from './generate-template';

const templateFile = resolve(import.meta.dirname, 'template.yaml');

interface FunctionResource {
  Type: string;
  Properties: {
    CodeUri: string;
    Handler: string;
    Events: Record<string, { Type: string; Properties: { ApiId: unknown; Method: string; Path: string } }>;
  };
}

function functionsOf(template: Record<string, unknown>): [string, FunctionResource][] {
  const resources = template.Resources as Record<string, { Type: string }>;
  return Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Serverless::Function') as [string, FunctionResource][];
}

function routeKeysOf(template: Record<string, unknown>): string[] {
  return functionsOf(template).flatMap(([, f]) => Object.values(f.Properties.Events).map((e) => `${e.Properties.Method} ${e.Properties.Path}`));
}

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
    const globals = (template.Globals as { Function: { Runtime: string } }).Function;
    expect(globals.Runtime).toBe(lambdaRuntime);
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
    for (const [id, fn] of functionsOf(template)) expect((fn.Properties as { Role?: unknown }).Role, id).toEqual({ 'Fn::GetAtt': [functionRoleLogicalId, 'Arn'] });
  });

  it('passes the hosted configuration from parameters, secrets without echo', () => {
    const env = (template.Globals as { Function: { Environment: { Variables: Record<string, unknown> } } }).Function.Environment.Variables;
    expect(env.Svc__Profile).toBe('hosted');
    const parameters = template.Parameters as Record<string, { NoEcho?: boolean }>;
    for (const [variable, parameter, secret] of [
      ['ConnectionStrings__DefaultConnection', 'DatabaseConnectionString', true],
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
      for (const file of [templateFile, larger]) {
        try {
          execFileSync('cfn-lint', [file], { encoding: 'utf8', stdio: 'pipe' });
        } catch (error) {
          const e = error as { stdout?: string; stderr?: string };
          expect.fail(`cfn-lint rejects ${file}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
        }
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
