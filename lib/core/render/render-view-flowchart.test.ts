import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ElementRecord, ModelSnapshot } from '../model/model-records';
import { element, guid, relationship } from '../../../test/support/model-fixtures';
import { assignIdentifiers } from './identifiers';
import { layoutFingerprint } from './layout';
import { flowchartComment, flowchartText, renderViewFlowchart } from './render-view-flowchart';
import { expectGolden, loadMermaid, readFlowchart, type FlowchartReading } from '../../../test/support/render-checks';
import { nastyModel } from '../../../test/support/render-arbitraries';
import { ids, mainSource, modelOf, revisionSource, shopModel, shopViews } from '../../../test/support/render-fixtures';
import { viewContents, type RenderableView } from './view-contents';

/** What the label text should read as, written independently of the renderer: one line, unsafe characters as U+FFFD. */
function plain(text: string): string {
  return text
    .replace(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g, ' ')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/gu, '\ufffd')
    .replace(/\t/g, ' ')
    .trim();
}

const shapes = { actor: 'stadium', store: 'cylinder', component: 'subroutine', system: 'square', app: 'square' } as const;

/** What mermaid should read from the flowchart of a view. */
function meant(model: ModelSnapshot, view: RenderableView): FlowchartReading {
  const contents = viewContents(model, view);
  const id = assignIdentifiers(model.element.values());
  const label = (e: ElementRecord) => `${plain(e.name)}<br>${e.kind}${e.technology !== null && plain(e.technology) !== '' ? ` [${plain(e.technology)}]` : ''}`;
  return {
    vertices: contents.elements.map((e) => ({ id: id.get(e.id)!, text: label(e), type: shapes[e.kind] })),
    edges: contents.relationships.map((r) => {
      const parts = [r.label === null ? '' : plain(r.label), r.technology === null || plain(r.technology) === '' ? '' : `[${plain(r.technology)}]`].filter((p) => p !== '');
      return { start: id.get(r.fromId)!, end: id.get(r.toId)!, text: parts.join(' '), stroke: r.kind === 'behavioural' ? 'thick' : 'normal', type: 'arrow_point' };
    }),
    subgraphs: contents.frame ? [{ id: id.get(contents.frame.id)!, title: label(contents.frame), nodes: contents.elements.map((e) => id.get(e.id)!) }] : [],
    direction: 'TB',
  };
}

/** Parses with mermaid and compares what it read with what we meant; also checks the three comment lines. */
async function expectReadAsMeant(text: string, model: ModelSnapshot, view: RenderableView): Promise<void> {
  const lines = text.split('\n');
  expect(lines.slice(0, 3).every((line) => line.startsWith('%% '))).toBe(true);
  expect(lines[1]).toContain(layoutFingerprint(view));
  expect(lines[3]).toBe('flowchart TB');
  for (const line of lines.filter((l) => l.startsWith('%%'))) expect(line.slice(3)).not.toMatch(/%(?! )/);
  const mermaid = await loadMermaid();
  const parsed = (await mermaid.parse(text)) as { diagramType: string; config: object };
  expect(parsed).toEqual({ diagramType: 'flowchart-v2', config: {} });
  const read = await readFlowchart(text);
  const expected = meant(model, view);
  expect(read.vertices).toEqual(expected.vertices);
  expect(read.edges).toEqual(expected.edges);
  expect(read.subgraphs.map((s) => ({ ...s, nodes: [...s.nodes].sort() }))).toEqual(expected.subgraphs.map((s) => ({ ...s, nodes: [...s.nodes].sort() })));
  expect(read.direction).toBe('TB');
}

beforeAll(async () => {
  await loadMermaid();
}, 60_000);

describe('renderViewFlowchart on the shop', () => {
  const model = shopModel();

  it.each(shopViews().map((view) => [view.name, view] as const))('matches the golden file of %s and mermaid reads it as meant', async (name, view) => {
    const text = renderViewFlowchart({ model, view, source: revisionSource });
    const { expected, actual } = expectGolden(`${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.mmd`, text);
    expect(actual).toBe(expected);
    await expectReadAsMeant(text, model, view);
  });

  it('starts with comments naming the view, the revision with the fingerprint, and the dropped information', async () => {
    const view = shopViews()[1]!;
    const text = renderViewFlowchart({ model, view, source: mainSource });
    const lines = text.split('\n');
    expect(lines[0]).toBe(`%% View "Shop containers" (${view.id})`);
    expect(lines[1]).toBe(`%% Stream "main" at model version 57; layout fingerprint ${layoutFingerprint(view)}`);
    expect(lines[2]).toMatch(/^%% Not shown: descriptions, fact labels, stale marks, icons, saved layout, line shapes, provenance, status, tags, owners, other levels \(6 elements, 8 relationships\), messages, contracts, schemas, scenarios, promises, costs, comments\.$/);
    expect(lines.slice(3, 5)).toEqual(['flowchart TB', `    subgraph shop["Shop<br/>system [Kubernetes]"]`]);
    expect(text).toContain('        orders_db[("Orders DB<br/>store [PostgreSQL 16]")]');
    expect(text).toContain('    web_app ==>|"Calls [JSON/HTTPS]"| api');
    expect(text).toContain('    api -->|"Reads and writes [SQL]"| orders_db');
    await expectReadAsMeant(text, model, view);
  });

  it('gives the same bytes twice and changes them with the fingerprint', async () => {
    const view = shopViews()[0]!;
    const text = renderViewFlowchart({ model, view, source: revisionSource });
    expect(renderViewFlowchart({ model, view, source: revisionSource })).toBe(text);
    const moved = { ...view, positions: view.positions.map((p, i) => (i === 1 ? { ...p, x: p.x + 1 } : p)) };
    expect(renderViewFlowchart({ model, view: moved, source: revisionSource })).not.toBe(text);
    expect(renderViewFlowchart({ model, view: { ...view, name: 'Other' }, source: revisionSource })).not.toBe(text);
    expect(renderViewFlowchart({ model, view: { ...view, rootElementId: ids.shop }, source: revisionSource })).not.toBe(text);
  });
});

describe('flowchart text', () => {
  it('writes the listed characters as entity codes', () => {
    expect(flowchartText('#"&<>|`[](){};%\\')).toBe('#35;#34;#38;#60;#62;#124;#96;#91;#93;#40;#41;#123;#125;#59;#37;#92;');
    expect(flowchartText(' a:b $$ ¶ direction LR Direction\u00a0TB\t')).toBe('a#58;b #36;#36; #182; direction#32;LR Direction#160;TB');
    expect(flowchartText('one\ntwo\u0001\ud800')).toBe('one two\ufffd\ufffd');
  });

  it('puts a space after each % in comment lines', () => {
    expect(flowchartComment('%%{init: {}}%% 100% done')).toBe('%% % % {init: {}}% % 100% done');
  });

  it('keeps keywords, directives and markup in names as text', async () => {
    const nasty = ['end', '%%{init: {"theme":"forest"}}%%', 'direction LR', '<script>x</script>', 'style a:b#35;c;', 'fa:fa-car', '$$x$$', 'ﬂ°°35¶ß', 'click', 'a"b', 'a|b', '`md`'];
    const model = modelOf(
      nasty.map((name, i) => element({ id: guid(i + 1), name, technology: name, kind: (['actor', 'system', 'app', 'store', 'component'] as const)[i % 5] })),
      nasty.map((label, i) => relationship({ id: guid(100 + i), fromId: guid(i + 1), toId: guid(((i + 1) % nasty.length) + 1), label, technology: label, kind: i % 2 ? 'behavioural' : 'structural' })),
    );
    const view = { id: guid(900), name: '%%{init: {"theme":"dark"}}%% direction LR', rootElementId: null, positions: [] };
    await expectReadAsMeant(renderViewFlowchart({ model, view, source: { kind: 'revision', id: 'x%%{y', name: '%%{', modelVersion: 1 } }), model, view);
  });

  it('writes an empty level and a missing root as a flowchart without nodes', async () => {
    const model = modelOf([element({ id: guid(1), name: 'Lonely' })]);
    for (const view of [
      { id: guid(900), name: 'Empty', rootElementId: guid(1), positions: [] },
      { id: guid(901), name: 'Missing', rootElementId: guid(5), positions: [] },
    ]) {
      await expectReadAsMeant(renderViewFlowchart({ model, view, source: mainSource }), model, view);
    }
  });
});

describe('renderViewFlowchart on adversarial models', () => {
  it('always parses, and mermaid reads every node, edge and subgraph as meant', async () => {
    await fc.assert(
      fc.asyncProperty(nastyModel(), async ({ model, views }) => {
        for (const view of views) await expectReadAsMeant(renderViewFlowchart({ model, view, source: revisionSource }), model, view);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 120) },
    );
  }, 600_000);
});
