import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGolden, loadMermaid, parseXmlStrict, readFlowchart } from '../support/render-checks';
import { expectProblem, type CallOptions } from '../support/http-client';
import { fullModelDocument, idFor, startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * GET P/diff over HTTP against the built server and a real PostgreSQL
 * (docs/change-review.md): main against a revision after edits of every
 * record kind, in JSON (pages, fingerprint), Markdown and Mermaid (golden
 * files, the Mermaid text read by mermaid's own parser), SVG, the version
 * grammar's refusals and who may call it.
 */

/** Fixed, so the IDs in the golden files are the same in every run. */
const seed = '6b1d3c52-2a47-4d0e-9f3a-0c5e8e1f7a10';
const id = (label: string) => idFor(seed, label);
const kindOrder = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding'];

describe('model diff over HTTP', () => {
  let m: ModelService;
  let project: Project;
  let other: Project;
  let revisionId: string;
  let viewId: string;
  let readToken: string;
  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const P = (p: Project = project) => `/api/projects/${p.id}`;
  const diff = (query: string, options: CallOptions = admin()) => m.api('GET', `${P()}/diff?${query}`, options);
  /** The IDs the service makes (the revision's, the view's) as placeholders, so the golden files hold only what the edits decide. */
  const placeholders = (text: string) => text.replaceAll(revisionId, '{revisionId}').replaceAll(viewId, '{viewId}');

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Diff');
    project = await m.createProject(workspaceId, 'Shop');
    other = await m.createProject(workspaceId, 'Other');
    readToken = await m.createToken(workspaceId, ['read']);
    const document = fullModelDocument(seed);
    document.elements.push({ id: id('legacy'), kind: 'system', name: 'Legacy', description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null } as never);
    document.relationships.push({ id: id('r-uses'), fromId: id('customer'), toId: id('shop'), label: 'orders from', technology: 'HTTPS', kind: 'behavioural', lineShape: null, factStatus: 'declared', provenance: null, stale: null } as never);
    const first = await m.importModel(project.id, document);
    expect(first.status, first.text.slice(0, 500)).toBe(200);
    const revision = await m.api('POST', `${P()}/revisions`, admin({ name: 'Before the edits' }));
    expect(revision.status, revision.text).toBe(201);
    revisionId = revision.json.id;
    const view = await m.api('POST', `${P()}/views`, admin({ name: 'Landscape', rootElementId: null }));
    expect(view.status, view.text).toBe(201);
    viewId = view.json.id;

    // One edit or more of every kind on main, by import (upserts) and deletes.
    const byId = <T extends { id: string }>(list: T[], label: string) => list.find((r) => r.id === id(label))!;
    const edited = fullModelDocument(seed);
    byId(edited.elements, 'orders').name = 'Order service';
    edited.elements.push({ id: id('payments'), kind: 'system', name: 'Payments', description: null, technology: 'Java', status: 'planned', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null } as never);
    byId(edited.relationships, 'r-buys').label = 'shops via';
    edited.relationships.push({ id: id('r-uses'), fromId: id('customer'), toId: id('shop'), label: 'orders from', technology: 'HTTPS', kind: 'behavioural', lineShape: null, factStatus: 'inferred', provenance: { source: 'ai:review', revision: null, confidence: 0.5, acceptedBy: null, acceptedAt: null } as never, stale: null } as never);
    edited.relationships.push({ id: id('r-pays'), fromId: id('shop'), toId: id('payments'), label: 'charges', technology: null, kind: 'structural', lineShape: null, factStatus: 'declared', provenance: null, stale: null } as never);
    byId(edited.messages, 'm-ping').description = 'Liveness' as never;
    Object.assign(byId(edited.schemas, 's-empty'), { content: 'line one\n  line 2\n  line three\n', version: 2 });
    byId(edited.operations, 'o-get').timeoutMs = 500;
    byId(edited.channels, 'c-queue').stale = { sinceRevision: 'r9', reason: 'evidence-not-found' } as never;
    byId(edited.subscriptions, 'sub-web').retry = { maxAttempts: 5, backoffMs: 100 };
    byId(edited.bindings, 'b-keyed').routingKey = 'orders.created';
    const imported = await m.importModel(project.id, edited);
    expect(imported.status, imported.text.slice(0, 500)).toBe(200);
    for (const [collection, label] of [['relationships', 'r-stores'], ['subscriptions', 'sub-checkout'], ['elements', 'legacy']] as const) {
      const removed = await m.api('DELETE', `${P()}/${collection}/${id(label)}`, admin());
      expect(removed.status, removed.text).toBe(204);
    }
    await loadMermaid();
  }, 120_000);

  afterAll(async () => {
    await m?.stop();
  });

  it('lists exactly the edits of every kind, each changed field before and after, in kind then ID order', async () => {
    const answer = await diff(`from=revision:${revisionId}&to=main&limit=200`);
    expect(answer.status, answer.text).toBe(200);
    const page = answer.json;
    expect(page.from).toMatchObject({ ref: `revision:${revisionId}`, kind: 'revision', name: 'Before the edits' });
    expect(page.to).toMatchObject({ ref: 'main', kind: 'main', modelVersion: await m.modelVersion(project.id) });
    const seen = page.items.map((e: any) => [e.kind, e.id, e.change, e.fields.map((f: any) => f.field)]);
    const expected: [string, string, string, string[]][] = [
      ['element', id('legacy'), 'removed', []],
      ['element', id('orders'), 'changed', ['name']],
      ['element', id('payments'), 'added', []],
      ['relationship', id('r-buys'), 'changed', ['label']],
      ['relationship', id('r-pays'), 'added', []],
      ['relationship', id('r-stores'), 'removed', []],
      ['relationship', id('r-uses'), 'changed', ['factStatus', 'provenance']],
      ['message', id('m-ping'), 'changed', ['description']],
      ['schema', id('s-empty'), 'changed', ['content', 'version']],
      ['operation', id('o-get'), 'changed', ['timeoutMs']],
      ['channel', id('c-queue'), 'changed', ['stale']],
      ['subscription', id('sub-checkout'), 'removed', []],
      ['subscription', id('sub-web'), 'changed', ['retry']],
      ['binding', id('b-keyed'), 'changed', ['routingKey']],
    ];
    expected.sort((a, b) => kindOrder.indexOf(a[0]) - kindOrder.indexOf(b[0]) || (a[1] < b[1] ? -1 : 1));
    expect(seen).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(page.nextCursor).toBeNull();
    expect(page.counts.element).toEqual({ added: 1, removed: 1, changed: 1 });
    const field = (label: string, name: string) => page.items.find((e: any) => e.id === id(label)).fields.find((f: any) => f.field === name);
    expect(field('orders', 'name')).toEqual({ field: 'name', before: 'Orders', after: 'Order service', textDiff: null });
    expect(field('r-uses', 'factStatus')).toMatchObject({ before: 'declared', after: 'inferred' });
    expect(field('c-queue', 'stale')).toMatchObject({ before: null, after: { sinceRevision: 'r9', reason: 'evidence-not-found' } });
    expect(field('s-empty', 'content').textDiff).toEqual([' line one', '-  line two', '+  line 2', '+  line three', ' ']);
    expect(page.items.find((e: any) => e.id === id('legacy')).before).toMatchObject({ name: 'Legacy', kind: 'system' });
    expect(page.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("pages by cursor with the whole diff's fingerprint on every page; the reverse diff swaps added and removed", async () => {
    const whole = (await diff(`from=revision:${revisionId}&to=main&limit=200`)).json;
    const items: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await diff(`from=revision:${revisionId}&to=main&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.fingerprint).toBe(whole.fingerprint);
      items.push(...answer.json.items);
      cursor = answer.json.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(4);
    expect(items).toEqual(whole.items);
    const reverse = (await diff(`from=main&to=revision:${revisionId}&limit=200`)).json;
    expect(reverse.counts.element).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(reverse.items.find((e: any) => e.id === id('legacy')).change).toBe('added');
    expect(reverse.fingerprint).not.toBe(whole.fingerprint);
    const same = (await diff(`from=revision:${revisionId}&to=revision:${revisionId.toUpperCase()}`)).json;
    expect(same.total).toBe(0);
    expectProblem(await diff('from=main&to=main&cursor=nonsense'), 400, 'validation_error');
  });

  it('Markdown and Mermaid are byte-stable, and mermaid parses the marked flowchart', async () => {
    const markdown = await diff(`from=revision:${revisionId}&to=main&format=markdown`);
    expect(markdown.status, markdown.text).toBe(200);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const golden = expectGolden('diff-revision-main.md', placeholders(markdown.text));
    expect(golden.actual).toBe(golden.expected);
    expect(markdown.text).toContain('| elements | 1 | 1 | 1 |');

    const mermaid = await diff(`from=revision:${revisionId}&to=main&format=mermaid&viewId=${viewId}`);
    expect(mermaid.status, mermaid.text).toBe(200);
    const flowchart = expectGolden('diff-revision-main-landscape.mmd', placeholders(mermaid.text));
    expect(flowchart.actual).toBe(flowchart.expected);
    const read = await readFlowchart(mermaid.text);
    // The removed Legacy is drawn beside what main has, with the legend's three nodes.
    expect(read.vertices.map((v) => v.id).sort()).toEqual(['Legend_added', 'Legend_changed', 'Legend_removed', 'customer', 'legacy', 'payments', 'shop']);
    expect(read.subgraphs.map((s) => s.id)).toEqual(['Legend']);
    expect(mermaid.text).toContain('    class payments added');
    expect(mermaid.text).toContain('    class legacy removed');
  });

  it('SVG for a read token: the view with marked cards and edges, the removed one dashed, a legend', async () => {
    const answer = await diff(`from=revision:${revisionId}&to=main&format=svg&viewId=${viewId}`, { token: readToken });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    parseXmlStrict(answer.text);
    expect(answer.text).toContain(`<g class="card removed" data-element-id="${id('legacy')}"`);
    expect(answer.text).toContain(`<g class="card added" data-element-id="${id('payments')}"`);
    expect(answer.text).toMatch(/class="card removed"[^>]*><rect [^>]*stroke-dasharray="7 4"/);
    expect(answer.text).toContain('<g class="legend">');
  });

  it("refuses a name outside the grammar (400, the field named), another project's version (404), a drawn format without a view", async () => {
    expect(expectProblem(await diff('from=trunk&to=main'), 400, 'validation_error').errors[0]!.field).toBe('from');
    expect(expectProblem(await diff('from=main&to=revision:abc'), 400, 'validation_error').errors[0]!.field).toBe('to');
    expect(expectProblem(await diff('from=main'), 400, 'validation_error').errors[0]!.field).toBe('to');
    expect(expectProblem(await diff('from=main&to=main&format=svg'), 400, 'validation_error').errors[0]!.field).toBe('viewId');
    const theirs = await m.api('POST', `${P(other)}/revisions`, admin({ name: 'Theirs' }));
    expectProblem(await diff(`from=main&to=revision:${theirs.json.id}`), 404, 'not_found');
    expectProblem(await diff(`from=branch:${revisionId}&to=main`), 404, 'not_found');
    expectProblem(await diff(`from=snapshot:${revisionId}&to=main`), 404, 'not_found');
  });
});
