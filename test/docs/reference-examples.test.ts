import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/http-client';
import { fencedBlocks, infoValue, type FencedBlock } from '../support/markdown-blocks';
import { startModelService, type ModelService } from '../support/model-api';

/**
 * Every example of the reference pages, sent to the built server as a reader
 * would send it. docs/model-document.md: each ```json model-document (or
 * ```yaml model-document) block is imported into a fresh project and must be
 * applied with nothing refused or ignored; a block marked `refused` must
 * answer 400 invalid_export with an error message holding its `error="…"`.
 * docs/scenario-document.md: its model-document blocks are imported first;
 * each ```json scenario-document block is saved and must answer 201 with
 * `ignored` naming exactly its `ignored="path,…"` (none by default), then be
 * run: no issues and every assertion passed, or with `issues=code` that issue;
 * a block marked `refused=type field=path` must be refused so.
 */

const docs = resolve(import.meta.dirname, '../../docs');
const modelPage = fencedBlocks(resolve(docs, 'model-document.md'));
const scenarioPage = fencedBlocks(resolve(docs, 'scenario-document.md'));
const isKind = (kind: string) => (block: FencedBlock) => block.info[1] === kind;
const where = (page: string, block: FencedBlock) => `docs/${page}:${block.line}`;
const contentTypeOf = (block: FencedBlock) => (block.info[0] === 'yaml' ? 'application/x-yaml' : 'application/json');

describe('the examples of the reference pages, against the built server', () => {
  let m: ModelService;
  let workspaceId: string;

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Reference examples');
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('the pages hold examples of both kinds, accepted and refused', () => {
    const models = modelPage.filter(isKind('model-document'));
    expect(models.filter((b) => !b.info.includes('refused')).length).toBeGreaterThanOrEqual(4);
    expect(models.filter((b) => b.info.includes('refused')).length).toBeGreaterThanOrEqual(3);
    expect(models.some((b) => b.info[0] === 'yaml')).toBe(true);
    const scenarios = scenarioPage.filter(isKind('scenario-document'));
    expect(scenarios.filter((b) => infoValue(b, 'refused') === undefined).length).toBeGreaterThanOrEqual(4);
    expect(scenarios.filter((b) => infoValue(b, 'refused') !== undefined).length).toBeGreaterThanOrEqual(2);
  });

  it.each(modelPage.filter(isKind('model-document')).map((block) => [where('model-document.md', block), block] as const))('model document at %s', async (_, block) => {
    const project = await m.createProject(workspaceId, `Example ${block.line}`);
    const answer = await m.importModel(project.id, block.text, '', { contentType: contentTypeOf(block) });
    if (block.info.includes('refused')) {
      const problem = expectProblem(answer, 400, 'invalid_export');
      const error = infoValue(block, 'error');
      expect(error, 'a refused example names its error').toBeDefined();
      expect(problem.errors.map((e) => e.message).join('\n')).toContain(error);
      expect(await m.modelVersion(project.id)).toBe(0);
      return;
    }
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ applied: true, refused: 0, ignored: [] });
    // What the page shows is what the model holds: importing the export again changes nothing.
    const again = await m.importModel(project.id, (await m.exportModel(project.id)).text, '?dryRun=true');
    expect(again.json).toMatchObject({ added: 0, changed: 0, refused: 0, ignored: [] });
  });

  describe('scenario documents', () => {
    let projectId: string;

    beforeAll(async () => {
      projectId = (await m.createProject(workspaceId, 'Scenario examples')).id;
      for (const block of scenarioPage.filter(isKind('model-document'))) {
        const answer = await m.importModel(projectId, block.text, '', { contentType: contentTypeOf(block) });
        expect(answer.status, `${where('scenario-document.md', block)}: ${answer.text}`).toBe(200);
        expect(answer.json).toMatchObject({ refused: 0, ignored: [] });
      }
    });

    it.each(scenarioPage.filter(isKind('scenario-document')).map((block) => [where('scenario-document.md', block), block] as const))('scenario at %s', async (_, block) => {
      const answer = await m.api('POST', `/api/projects/${projectId}/scenarios`, { session: m.admin.session, body: block.text, headers: { 'content-type': 'application/json' } });
      const refused = infoValue(block, 'refused');
      if (refused !== undefined) {
        const problem = expectProblem(answer, 400, refused);
        expect(problem.errors[0]?.field).toBe(infoValue(block, 'field'));
        return;
      }
      expect(answer.status, answer.text).toBe(201);
      const ignored = infoValue(block, 'ignored');
      expect(answer.json.ignored.map((i: { path: string }) => i.path)).toEqual(ignored ? ignored.split(',') : []);
      const run = await m.api('POST', `/api/projects/${projectId}/scenarios/${answer.json.id}/run`, { session: m.admin.session });
      expect(run.status, run.text).toBe(200);
      const issue = infoValue(block, 'issues');
      if (issue !== undefined) {
        expect(run.json.issues.map((i: { code: string }) => i.code)).toContain(issue);
        expect(run.json.events).toEqual([]);
      } else if (!ignored) {
        expect(run.json.issues, JSON.stringify(run.json.issues)).toEqual([]);
        expect(run.json.assertions.length).toBeGreaterThan(0);
        for (const assertion of run.json.assertions) expect(assertion.passed, `${assertion.id}: ${assertion.detail}`).toBe(true);
      }
    });
  });
});
