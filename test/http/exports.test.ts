import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allNodes, checkDslStructure, loadMermaid, parseXmlStrict, readFlowchart, xmllint, xmllintMissing, type XmlNode } from '../support/render-checks';
import { expectProblem, type CallOptions, type HttpAnswer } from '../support/http-client';
import { fullModelDocument, idFor, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * The diagram and model exports over HTTP against the built server and a real
 * PostgreSQL (part 1 "Diagram and model exports", "Errors", "Authentication"):
 * SVG and flowchart of a view and the architecture DSL of the model, read by
 * real parsers (saxes and xmllint, mermaid under jsdom, the structural DSL
 * checker), with the layout fingerprint, revisions, repeatability, and who may
 * call them.
 */

const svgNamespace = 'http://www.w3.org/2000/svg';

/**
 * The layout fingerprint computed here from the bytes lib/core/render/layout.ts
 * documents: SHA-256 of the JSON array [name, rootElementId, [[elementId, x, y]…]]
 * with the positions in element-ID order.
 */
function fingerprintOf(view: { name: string; rootElementId: string | null; positions: { elementId: string; x: number; y: number }[] }): string {
  const positions = [...view.positions].sort((a, b) => (a.elementId < b.elementId ? -1 : a.elementId > b.elementId ? 1 : 0)).map((p) => [p.elementId, p.x, p.y]);
  return `sha256:${createHash('sha256').update(JSON.stringify([view.name, view.rootElementId, positions]), 'utf8').digest('hex')}`;
}

/** Cards of an SVG: element ID → translate(x y). */
function cardsOf(root: XmlNode): Map<string, string> {
  const cards = new Map<string, string>();
  for (const node of allNodes(root)) {
    if (node.name === 'g' && node.attributes.class === 'card') cards.set(node.attributes['data-element-id']!, node.attributes.transform!);
  }
  return cards;
}

describe('diagram and model exports over HTTP: SVG, flowchart, architecture DSL', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  let otherProject: Project;
  let otherWorkspaceProject: Project;
  let viewer: Person;
  let readToken: string;
  let id: (label: string) => string;
  let document: ReturnType<typeof fullModelDocument>;
  /** The view without root (Customer and Shop). */
  let landscape: any;
  /** The view rooted at Shop, with saved positions for Orders and Orders DB. */
  let inside: any;
  let foreignView: any;

  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const P = (p: Project = project) => `/api/projects/${p.id}`;
  const svgPath = (viewId: string, p: Project = project) => `${P(p)}/views/${viewId}/export/svg`;
  const flowchartPath = (viewId: string, p: Project = project) => `${P(p)}/views/${viewId}/export/flowchart`;
  const dslPath = (p: Project = project) => `${P(p)}/export/archdsl`;

  function expectText(answer: HttpAnswer, contentType: string): string {
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    expect(answer.headers.get('content-type')).toBe(contentType);
    return answer.text;
  }
  const getSvg = async (viewId: string, query = '', options: CallOptions = admin()) => expectText(await m.api('GET', `${svgPath(viewId)}${query}`, options), 'image/svg+xml; charset=utf-8');
  const getFlowchart = async (viewId: string, query = '', options: CallOptions = admin()) => expectText(await m.api('GET', `${flowchartPath(viewId)}${query}`, options), 'text/plain; charset=utf-8');
  const getDsl = async (query = '', options: CallOptions = admin()) => expectText(await m.api('GET', `${dslPath()}${query}`, options), 'text/plain; charset=utf-8');

  /** Well-formed XML to saxes (and xmllint when installed), an svg root in the SVG namespace; the tree. */
  function readSvg(svg: string): XmlNode {
    const root = parseXmlStrict(svg);
    if (!xmllintMissing) xmllint(svg);
    expect(root.name).toBe('svg');
    expect(root.uri).toBe(svgNamespace);
    return root;
  }
  const descOf = (root: XmlNode) => root.children.find((c) => c.name === 'desc')!.text;

  async function currentView(viewId: string): Promise<any> {
    const answer = await m.api('GET', `${P()}/views/${viewId}`, admin());
    expect(answer.status, answer.text).toBe(200);
    return answer.json;
  }

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Exports');
    project = await m.createProject(workspaceId, 'Shop');
    otherProject = await m.createProject(workspaceId, 'Other');
    otherWorkspaceProject = await m.createProject(await m.createWorkspace('Elsewhere'), 'Not yours');
    viewer = await m.newPerson('viewer@exports.test', [{ workspaceId, role: 'viewer' }]);
    readToken = await m.createToken(workspaceId, ['read']);

    const seed = randomUUID();
    id = (label: string) => idFor(seed, label);
    document = fullModelDocument(seed);
    // A relationship between the two top-level elements, so the landscape shows an edge.
    document.relationships.push({ id: id('r-uses'), fromId: id('customer'), toId: id('shop'), label: 'orders from', technology: 'HTTPS', kind: 'behavioural', lineShape: 'curve', factStatus: 'declared', provenance: null, stale: null });
    const imported = await m.importModel(project.id, document);
    expect(imported.status, imported.text.slice(0, 1000)).toBe(200);
    expect(imported.json.refused).toBe(0);

    const created = await m.api('POST', `${P()}/views`, admin({ name: 'Landscape', rootElementId: null }));
    expect(created.status, created.text).toBe(201);
    landscape = created.json;
    const rooted = await m.api('POST', `${P()}/views`, admin({ name: 'Shop inside', rootElementId: id('shop') }));
    expect(rooted.status, rooted.text).toBe(201);
    const layout = await m.api('PUT', `${P()}/views/${rooted.json.id}/layout`, admin({ positions: [{ elementId: id('orders'), x: 500, y: 40 }, { elementId: id('db'), x: 100.5, y: -20 }] }));
    expect(layout.status, layout.text).toBe(200);
    inside = await currentView(rooted.json.id);

    expect((await m.importModel(otherProject.id, fullModelDocument(randomUUID()))).status).toBe(200);
    foreignView = (await m.api('POST', `${P(otherProject)}/views`, admin({ name: 'Theirs', rootElementId: null }))).json;
    await loadMermaid();
  }, 120_000);

  afterAll(async () => {
    await m?.stop();
  });

  describe('SVG', () => {
    it('a view without root: well-formed SVG of the top-level elements on the grid from 0,0, the fingerprint in <desc>', async () => {
      const version = await m.modelVersion(project.id);
      const svg = await getSvg(landscape.id);
      const root = readSvg(svg);
      const desc = descOf(root);
      expect(desc).toContain(`Layout fingerprint ${fingerprintOf(landscape)}.`);
      expect(desc).toContain(`Stream "main" at model version ${version}.`);
      expect(desc).toContain(`View "Landscape" (${landscape.id}).`);
      // Customer and Shop by ordinal name, on the three-column grid from 0,0.
      expect([...cardsOf(root)]).toEqual([
        [id('customer'), 'translate(0 0)'],
        [id('shop'), 'translate(340 0)'],
      ]);
      expect(svg).toContain('orders from');
      // Nothing time-, random- or user-dependent.
      expect(svg).not.toContain(m.admin.email);
      expect(svg).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    });

    it('a rooted view: the children of the root in a frame, saved positions kept, the rest on the grid below them', async () => {
      const root = readSvg(await getSvg(inside.id));
      expect(descOf(root)).toContain(`Layout fingerprint ${fingerprintOf(inside)}.`);
      const frame = allNodes(root).find((n) => n.name === 'g' && n.attributes.class === 'frame');
      expect(frame?.attributes['data-element-id']).toBe(id('shop'));
      // Orders and Orders DB where they were saved; Web from the left edge of the saved ones (100.5), 80 below the lowest card (40 + 120 + 80).
      expect(Object.fromEntries(cardsOf(root))).toEqual({
        [id('orders')]: 'translate(500 40)',
        [id('db')]: 'translate(100.5 -20)',
        [id('web')]: 'translate(100.5 240)',
      });
      const texts = allNodes(root).map((n) => n.text).join('\n');
      expect(texts).toContain('Web — Ünïcødé 店');
      expect(texts).not.toContain('Customer');
    });
  });

  describe('flowchart', () => {
    it('parses with mermaid: nodes, a behavioural edge, the fingerprint on the second comment line', async () => {
      const version = await m.modelVersion(project.id);
      const text = await getFlowchart(landscape.id);
      const lines = text.split('\n');
      expect(lines.slice(0, 3).every((l) => l.startsWith('%% '))).toBe(true);
      expect(lines[1]).toBe(`%% Stream "main" at model version ${version}; layout fingerprint ${fingerprintOf(landscape)}`);
      expect(lines[3]).toBe('flowchart TB');
      const read = await readFlowchart(text);
      expect(read.direction).toBe('TB');
      expect(read.vertices).toEqual([
        { id: 'customer', text: 'Customer<br>actor', type: 'stadium' },
        { id: 'shop', text: 'Shop<br>system [Kubernetes]', type: 'square' },
      ]);
      expect(read.edges).toEqual([{ start: 'customer', end: 'shop', text: 'orders from [HTTPS]', stroke: 'thick', type: 'arrow_point' }]);
      expect(read.subgraphs).toEqual([]);
    });

    it('a rooted view is a subgraph around the children', async () => {
      const text = await getFlowchart(inside.id);
      expect(text.split('\n')[1]).toContain(`layout fingerprint ${fingerprintOf(inside)}`);
      const read = await readFlowchart(text);
      expect(read.subgraphs).toHaveLength(1);
      expect(read.subgraphs[0]!.id).toBe('shop');
      expect(read.subgraphs[0]!.title).toBe('Shop<br>system [Kubernetes]');
      const byText = new Map(read.vertices.map((v) => [v.text.split('<br>')[0], v]));
      expect([...byText.keys()]).toEqual(['Orders', 'Orders DB', 'Web — Ünïcødé 店']);
      expect(byText.get('Orders DB')!.type).toBe('cylinder');
      expect([...read.subgraphs[0]!.nodes].sort()).toEqual(read.vertices.map((v) => v.id).sort());
      expect(read.edges).toEqual([{ start: byText.get('Orders')!.id, end: byText.get('Orders DB')!.id, text: '', stroke: 'normal', type: 'arrow_point' }]);
    });
  });

  describe('architecture DSL', () => {
    it('passes the structural checker: the model, both views, one fingerprint comment per view', async () => {
      const version = await m.modelVersion(project.id);
      const dsl = await getDsl();
      const reading = checkDslStructure(dsl);
      expect(reading.header[0]).toContain(`"Shop"`);
      expect(reading.header[0]).toContain(`model version ${version}`);
      expect(reading.elements.get('customer')).toMatchObject({ type: 'person', name: 'Customer', parent: null });
      expect(reading.elements.get('shop')).toMatchObject({ type: 'softwareSystem', name: 'Shop', parent: null });
      expect(reading.elements.get('orders_db')).toMatchObject({ type: 'container', parent: 'shop' });
      // The model's own tag, then the store's Database tag.
      expect(reading.elements.get('orders_db')!.tags.split(',')).toEqual(['data', 'Database']);
      expect(reading.elements.get('checkout')).toMatchObject({ type: 'component' });
      expect(reading.relationships).toContainEqual({ from: 'customer', to: 'shop', description: 'orders from', technology: 'HTTPS', tags: 'Behavioural' });
      expect(reading.views.map((v) => [v.type, v.scope, v.description])).toEqual([
        ['systemLandscape', null, 'Landscape'],
        ['container', 'shop', 'Shop inside'],
      ]);
      for (const view of [landscape, inside]) {
        expect(reading.comments.filter((c) => c.includes(view.id) && c.includes(`layout fingerprint ${fingerprintOf(view)}`))).toHaveLength(1);
      }
    });
  });

  describe('repeatability, revisions and the fingerprint', () => {
    it('repeat exports are byte-identical', async () => {
      for (const path of [svgPath(landscape.id), svgPath(inside.id), flowchartPath(landscape.id), flowchartPath(inside.id), dslPath()]) {
        const first = await m.api('GET', path, admin());
        const second = await m.api('GET', path, admin());
        expect(first.status).toBe(200);
        expect(Buffer.from(second.text)).toEqual(Buffer.from(first.text));
        // The same bytes for another caller.
        expect((await m.api('GET', path, { session: viewer.session })).text).toBe(first.text);
      }
    });

    it('?revisionId= exports the model of the revision, named in the output; without it, main as it is now', async () => {
      const before = { svg: await getSvg(inside.id), flowchart: await getFlowchart(inside.id), dsl: await getDsl() };
      const versionBefore = await m.modelVersion(project.id);
      const created = await m.api('POST', `${P()}/revisions`, admin({ name: 'Before the rename' }));
      expect(created.status, created.text).toBe(201);
      const revision = created.json;
      expect(revision.modelVersion).toBe(versionBefore);

      // Main moves on: Orders is renamed and Shop gets a new app.
      const orders = (await m.api('GET', `${P()}/elements/${id('orders')}`, admin())).json;
      expect((await m.api('PUT', `${P()}/elements/${id('orders')}`, admin({ ...orders, name: 'Order Service' }))).status).toBe(200);
      const added = await m.api('POST', `${P()}/elements`, admin({ kind: 'app', name: 'Billing', status: 'current', parentId: id('shop') }));
      expect(added.status, added.text).toBe(201);
      const versionAfter = await m.modelVersion(project.id);
      expect(versionAfter).toBe(versionBefore + 2);

      const q = `?revisionId=${revision.id}`;
      const named = `Revision "Before the rename" (${revision.id}), model version ${versionBefore}`;
      const oldSvg = await getSvg(inside.id, q);
      const oldRoot = readSvg(oldSvg);
      expect(descOf(oldRoot)).toContain(`${named}.`);
      expect(descOf(oldRoot)).toContain(`Layout fingerprint ${fingerprintOf(inside)}.`);
      expect([...cardsOf(oldRoot).keys()].sort()).toEqual([id('orders'), id('db'), id('web')].sort());
      expect(oldSvg).toContain('>Orders<');
      expect(oldSvg).not.toContain('Order Service');
      expect(oldSvg).not.toContain('Billing');
      // Only the source sentence and caption differ from main before the change.
      expect(oldSvg.replace(/Revision &quot;Before the rename&quot;.*?model version \d+\./, 'X').replace(/revision Before the rename · model version \d+/, 'Y')).toBe(
        before.svg.replace(/Stream &quot;main&quot; at model version \d+\./, 'X').replace(/main · model version \d+/, 'Y'),
      );

      const oldFlowchart = await getFlowchart(inside.id, q);
      expect(oldFlowchart.split('\n')[1]).toBe(`%% ${named}; layout fingerprint ${fingerprintOf(inside)}`);
      expect((await readFlowchart(oldFlowchart)).vertices.map((v) => v.text.split('<br>')[0])).toEqual(['Orders', 'Orders DB', 'Web — Ünïcødé 店']);
      expect(oldFlowchart.split('\n').slice(2)).toEqual(before.flowchart.split('\n').slice(2));

      const oldDsl = await getDsl(q);
      checkDslStructure(oldDsl);
      expect(oldDsl.split('\n')[0]).toContain(`revision "Before the rename" (${revision.id}), model version ${versionBefore}`);
      expect(oldDsl.split('\n').slice(1)).toEqual(before.dsl.split('\n').slice(1));

      // Without revisionId: main now.
      const nowSvg = await getSvg(inside.id);
      expect(descOf(readSvg(nowSvg))).toContain(`Stream "main" at model version ${versionAfter}.`);
      expect(nowSvg).toContain('Order Service');
      expect(nowSvg).toContain('Billing');
      const nowFlowchart = await readFlowchart(await getFlowchart(inside.id));
      expect(nowFlowchart.vertices.map((v) => v.text.split('<br>')[0])).toEqual(['Billing', 'Order Service', 'Orders DB', 'Web — Ünïcødé 店']);
      const nowDsl = checkDslStructure(await getDsl());
      expect([...nowDsl.elements.values()].map((e) => e.name)).toEqual(expect.arrayContaining(['Order Service', 'Billing']));

      // The revision ID in upper case names the same revision; the revision export is repeatable.
      expect(await getSvg(inside.id, `?revisionId=${revision.id.toUpperCase()}`)).toBe(oldSvg);
      expect(await getSvg(inside.id, q)).toBe(oldSvg);

      // The layout is not part of a revision: a revision export uses the current layout.
      const moved = [
        { elementId: id('orders'), x: 520, y: 40 },
        { elementId: id('db'), x: 100.5, y: -20 },
      ];
      expect((await m.api('PUT', `${P()}/views/${inside.id}/layout`, admin({ positions: moved }))).status).toBe(200);
      inside = await currentView(inside.id);
      const movedRoot = readSvg(await getSvg(inside.id, q));
      expect(cardsOf(movedRoot).get(id('orders'))).toBe('translate(520 40)');
      expect(descOf(movedRoot)).toContain(`Layout fingerprint ${fingerprintOf(inside)}.`);
    });

    it('400 for a revisionId of another project, of nothing, of a branch or not a GUID, on all three exports', async () => {
      const foreignRevision = (await m.api('POST', `${P(otherProject)}/revisions`, admin({ name: 'theirs' }))).json.id as string;
      const branch = (await m.api('POST', `${P()}/branches`, admin({ name: 'a draft', kind: 'draft' }))).json.id as string;
      for (const revisionId of [foreignRevision, randomUUID(), branch, project.id, 'not-a-uuid', '', 'x'.repeat(200)]) {
        for (const path of [svgPath(landscape.id), flowchartPath(inside.id), dslPath()]) {
          const answer = await m.api('GET', `${path}?revisionId=${encodeURIComponent(revisionId)}`, admin());
          const problem = expectProblem(answer, 400);
          expect(problem.errors.map((e) => e.field), `${revisionId} on ${path}: ${answer.text}`).toEqual(['revisionId']);
        }
      }
    });

    it('404 for a view of another project, a missing view or a view ID that is not a GUID', async () => {
      for (const viewId of [foreignView.id, randomUUID(), 'not-a-view']) {
        expectProblem(await m.api('GET', svgPath(viewId), admin()), 404);
        expectProblem(await m.api('GET', flowchartPath(viewId), admin()), 404);
      }
      // The view answers in its own project.
      expect((await m.api('GET', svgPath(foreignView.id, otherProject), admin())).status).toBe(200);
      // A deleted view is gone.
      const doomed = (await m.api('POST', `${P()}/views`, admin({ name: 'Doomed', rootElementId: null }))).json;
      expect((await m.api('GET', svgPath(doomed.id), admin())).status).toBe(200);
      expect((await m.api('DELETE', `${P()}/views/${doomed.id}`, admin())).status).toBe(204);
      expectProblem(await m.api('GET', svgPath(doomed.id), admin()), 404);
      expectProblem(await m.api('GET', flowchartPath(doomed.id), admin()), 404);
      expect(checkDslStructure(await getDsl()).views.map((v) => v.description)).not.toContain('Doomed');
    });

    it('moving a position, renaming the view or changing its root changes the fingerprint and the bytes', async () => {
      const snapshot = async (viewId: string) => ({ svg: await getSvg(viewId), flowchart: await getFlowchart(viewId), dsl: await getDsl() });
      const view = (await m.api('POST', `${P()}/views`, admin({ name: 'Changing', rootElementId: null }))).json;
      const start = await snapshot(view.id);
      const fingerprints = [fingerprintOf(view)];
      expect(start.flowchart.split('\n')[1]).toContain(fingerprints[0]);

      const changes: [string, () => Promise<unknown>][] = [
        ['a saved position', () => m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id('shop'), x: 10, y: 20 }] }))],
        ['a moved position', () => m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id('shop'), x: 10, y: 21 }] }))],
        ['a position of an element the view does not show', () => m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id('shop'), x: 10, y: 21 }, { elementId: id('web'), x: 0, y: 0 }] }))],
        ['a rename', () => m.api('PUT', `${P()}/views/${view.id}`, admin({ name: 'Changed', rootElementId: null }))],
        ['a new root', () => m.api('PUT', `${P()}/views/${view.id}`, admin({ name: 'Changed', rootElementId: id('shop') }))],
      ];
      let previous = start;
      for (const [what, change] of changes) {
        const answer = (await change()) as HttpAnswer;
        expect(answer.status, `${what}: ${answer.text}`).toBe(200);
        const current = await currentView(view.id);
        const fingerprint = fingerprintOf(current);
        expect(fingerprints, what).not.toContain(fingerprint);
        fingerprints.push(fingerprint);
        const now = await snapshot(view.id);
        expect(descOf(readSvg(now.svg)), what).toContain(`Layout fingerprint ${fingerprint}.`);
        expect(now.flowchart.split('\n')[1], what).toContain(fingerprint);
        expect(now.dsl, what).toContain(fingerprint);
        expect(now.svg, what).not.toBe(previous.svg);
        expect(now.flowchart, what).not.toBe(previous.flowchart);
        expect(now.dsl, what).not.toBe(previous.dsl);
        previous = now;
      }
      // Moving the position back gives the same fingerprint and bytes as before.
      await m.api('PUT', `${P()}/views/${view.id}/layout`, admin({ positions: [{ elementId: id('shop'), x: 10, y: 21 }, { elementId: id('web'), x: 0, y: 0 }] }));
      expect(await getSvg(view.id)).toBe(previous.svg);
      expect((await m.api('DELETE', `${P()}/views/${view.id}`, admin())).status).toBe(204);
    });
  });

  describe('adversarial text', () => {
    it('names and descriptions with markup, quotes, `${`, backslashes, emoji, right-to-left text and 10,000 characters break none of the three formats', async () => {
      const nasty = await m.createProject(workspaceId, 'Nasty "<project>" & ${x}\\');
      const n = (label: string) => idFor(nasty.id, label);
      const names = [
        'A & B <script>alert(1)</script>',
        '"quoted" \'single\' ]]> <![CDATA[ x ]]>',
        '${jndi:ldap://x} %%{init: {"theme":"dark"}}%% end',
        'trailing backslash \\',
        'emoji 😀🚀 and שלום עולם \u202e reversed',
        'direction LR; click A call x() | `tick` #35; (paren) [bracket] {brace}',
      ];
      const fact = { factStatus: 'declared', provenance: null, stale: null };
      const elements: Record<string, unknown>[] = names.map((name, i) => ({
        id: n(`e${i}`),
        kind: i === 0 ? 'actor' : 'system',
        name,
        description: i === 1 ? 'd'.repeat(10_000) : `${name}\nsecond line`,
        technology: i % 2 === 0 ? name : null,
        status: 'current',
        parentId: null,
        tags: [name.replace(/,/g, ' ')],
        icon: null,
        ...fact,
      }));
      elements.push({ id: n('child'), kind: 'app', name: names[1]!, description: null, technology: 'x', status: 'current', parentId: n('e2'), tags: [], icon: null, ...fact });
      const relationships = names.slice(1).map((name, i) => ({ id: n(`r${i}`), fromId: n(`e${i}`), toId: n(`e${i + 1}`), label: name, technology: name, kind: i % 2 ? 'behavioural' : 'structural', lineShape: null, ...fact }));
      const imported = await m.importModel(nasty.id, { elements, relationships });
      expect(imported.status, imported.text.slice(0, 1000)).toBe(200);
      expect(imported.json.refused).toBe(0);
      const landscapeView = (await m.api('POST', `${P(nasty)}/views`, admin({ name: names[0], rootElementId: null }))).json;
      const rootedView = (await m.api('POST', `${P(nasty)}/views`, admin({ name: names[2], rootElementId: n('e2') }))).json;
      for (const view of [landscapeView, rootedView]) {
        const svg = expectText(await m.api('GET', svgPath(view.id, nasty), admin()), 'image/svg+xml; charset=utf-8');
        const root = readSvg(svg);
        expect(allNodes(root).every((node) => node.uri === svgNamespace)).toBe(true);
        expect(allNodes(root).some((node) => node.name === 'script')).toBe(false);
        expect(descOf(root)).toContain(`Layout fingerprint ${fingerprintOf(view)}.`);
        const flowchart = expectText(await m.api('GET', flowchartPath(view.id, nasty), admin()), 'text/plain; charset=utf-8');
        expect(flowchart.split('\n')[1]).toContain(fingerprintOf(view));
        const read = await readFlowchart(flowchart);
        expect(read.vertices.length).toBeGreaterThan(0);
      }
      const landscapeRead = await readFlowchart(expectText(await m.api('GET', flowchartPath(landscapeView.id, nasty), admin()), 'text/plain; charset=utf-8'));
      expect(landscapeRead.vertices.map((v) => v.text.split('<br>')[0]).sort()).toEqual([...names].sort());
      const dsl = expectText(await m.api('GET', dslPath(nasty), admin()), 'text/plain; charset=utf-8');
      let reading = checkDslStructure(dsl);
      expect(reading.elements.size).toBe(elements.length);
      expect(reading.views.map((v) => v.type).sort()).toEqual(['container', 'systemLandscape']);

      // A view rooted at an app is a component view; one rooted at an actor is named in a comment only.
      const appView = (await m.api('POST', `${P(nasty)}/views`, admin({ name: names[3], rootElementId: n('child') }))).json;
      const actorView = (await m.api('POST', `${P(nasty)}/views`, admin({ name: names[4], rootElementId: n('e0') }))).json;
      for (const view of [appView, actorView]) {
        readSvg(expectText(await m.api('GET', svgPath(view.id, nasty), admin()), 'image/svg+xml; charset=utf-8'));
        await readFlowchart(expectText(await m.api('GET', flowchartPath(view.id, nasty), admin()), 'text/plain; charset=utf-8'));
      }
      reading = checkDslStructure(expectText(await m.api('GET', dslPath(nasty), admin()), 'text/plain; charset=utf-8'));
      expect(reading.views.map((v) => v.type).sort()).toEqual(['component', 'container', 'systemLandscape']);
      expect(reading.comments.filter((c) => c.includes(actorView.id) && c.includes('is not written') && c.includes(fingerprintOf(actorView)))).toHaveLength(1);
    });
  });

  describe('who may call', () => {
    it('a read agent token and a viewer can call the three exports', async () => {
      for (const options of [{ token: readToken }, { session: viewer.session }]) {
        readSvg(await getSvg(landscape.id, '', options));
        await readFlowchart(await getFlowchart(inside.id, '', options));
        checkDslStructure(await getDsl('', options));
      }
    });

    it('without sign-in 401; a project of another workspace 404', async () => {
      for (const path of [svgPath(landscape.id), flowchartPath(landscape.id), dslPath()]) {
        expectProblem(await m.api('GET', path), 401);
        expectProblem(await m.api('GET', path, { session: 'nope' }), 401);
      }
      for (const options of [{ token: readToken }, { session: viewer.session }]) {
        expectProblem(await m.api('GET', svgPath(landscape.id, otherWorkspaceProject), options), 404);
        expectProblem(await m.api('GET', flowchartPath(landscape.id, otherWorkspaceProject), options), 404);
        expectProblem(await m.api('GET', dslPath(otherWorkspaceProject), options), 404);
      }
      const restricted = await m.createToken(workspaceId, ['read'], otherProject.id);
      expectProblem(await m.api('GET', svgPath(landscape.id), { token: restricted }), 404);
      expectProblem(await m.api('GET', dslPath(), { token: restricted }), 404);
    });
  });
});
