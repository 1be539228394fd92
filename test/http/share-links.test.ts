import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../support/render-checks';
import { attributeValue, expectProblem, hasAttribute, type CallOptions, type HttpAnswer, type SessionCookie } from '../support/http-client';
import { fullModelDocument, startModelService, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * Share links of views over HTTP against the built server and a real
 * PostgreSQL (part 2 "sharing.linkPolicy", "sharing.embedHosts", "States and
 * transitions", "Errors"; docs/sharing.md): the API (who may list, create and
 * revoke; the token shown once), the public page and its downloads, every
 * policy state and its changes both ways, expiry, revocation, passwords with
 * the proof cookie and the attempt limit, framing and the other headers, and
 * the token kept out of the log.
 */

const publicUrl = 'https://design.example.test';
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

if (chromiumMissing) console.log(`share-links: browser checks skipped: ${chromiumMissing}`);

describe('share links over HTTP', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  let otherProject: Project;
  let editor: Person;
  let viewer: Person;
  let outsider: Person;
  let readToken: string;
  let view: { id: string; name: string };
  let otherView: { id: string };
  /** Every token the tests made, to look for in the log at the end. */
  const tokens: string[] = [];

  const admin = (json?: unknown): CallOptions => ({ session: m.admin.session, ...(json === undefined ? {} : { json }) });
  const as = (person: Person, json?: unknown): CallOptions => ({ session: person.session, ...(json === undefined ? {} : { json }) });
  const P = (p: Project = project) => `/api/projects/${p.id}`;
  const linksPath = (viewId = view.id, p: Project = project) => `${P(p)}/views/${viewId}/share-links`;

  async function createLink(body: unknown = {}, viewId = view.id): Promise<any> {
    const answer = await m.api('POST', linksPath(viewId), admin(body));
    expect(answer.status, answer.text).toBe(201);
    tokens.push(answer.json.token);
    return answer.json;
  }

  async function listLinks(options: CallOptions = admin(), viewId = view.id): Promise<any[]> {
    const answer = await m.api('GET', linksPath(viewId), options);
    expect(answer.status, answer.text).toBe(200);
    return answer.json.items;
  }

  async function statusOf(linkId: string): Promise<string> {
    const link = (await listLinks()).find((l) => l.id === linkId);
    expect(link, `link ${linkId} listed`).toBeDefined();
    return link.status;
  }

  async function setSharing(sharing: { linkPolicy?: string; embedHosts?: string[] }): Promise<void> {
    const current = await m.api('GET', `/api/workspaces/${workspaceId}/settings`, admin());
    expect(current.status, current.text).toBe(200);
    const overrides = { ...current.json.overrides, sharing: { ...(current.json.overrides.sharing ?? {}), ...sharing } };
    const saved = await m.api('PUT', `/api/workspaces/${workspaceId}/settings`, { ...admin(overrides), headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  const share = (token: string, rest = '', options: CallOptions = {}) => m.api('GET', `/s/${token}${rest}`, options);
  const withProof = (cookie: string): CallOptions => ({ headers: { cookie: `svc_share=${cookie}` } });
  const postPassword = (token: string, password: string, headers: Record<string, string> = {}) =>
    m.api('POST', `/s/${token}`, { body: new URLSearchParams({ password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, redirect: 'manual' });

  function proofCookieOf(answer: HttpAnswer): SessionCookie {
    const raw = answer.setCookies.find((c) => c.startsWith('svc_share='));
    expect(raw, `no svc_share cookie in ${JSON.stringify(answer.setCookies)}`).toBeDefined();
    const [pair, ...attributes] = raw!.split(';').map((p) => p.trim());
    return { value: pair!.slice('svc_share='.length), attributes, raw: raw! };
  }

  /** The 404 every token that opens nothing gets, its body compared whole. */
  async function expectClosed(token: string): Promise<string> {
    const answer = await share(token);
    expectProblem(answer, 404, 'not_found');
    for (const download of ['/diagram.svg', '/flowchart.mmd', '/model.dsl']) expectProblem(await share(token, download), 404, 'not_found');
    return answer.text;
  }

  async function expectOpenPage(token: string, options: CallOptions = {}): Promise<HttpAnswer> {
    const answer = await share(token, '', options);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    return answer;
  }

  beforeAll(async () => {
    // A trusted proxy on loopback lets the limit tests speak for client addresses of their own.
    m = await startModelService({ Svc__PublicUrl: publicUrl, Svc__TrustedProxies: '127.0.0.1' });
    workspaceId = await m.createWorkspace('Sharing');
    project = await m.createProject(workspaceId, 'Shop');
    otherProject = await m.createProject(workspaceId, 'Other');
    const imported = await m.importModel(project.id, fullModelDocument('9b0c3a53-3a52-4e4b-9a68-0b1f2b7f6a10'));
    expect(imported.status, imported.text).toBe(200);
    editor = await m.newPerson('editor@share.test', [{ workspaceId, role: 'editor' }]);
    viewer = await m.newPerson('viewer@share.test', [{ workspaceId, role: 'viewer' }]);
    outsider = await m.newPerson('outsider@share.test');
    readToken = await m.createToken(workspaceId, ['read']);
    const created = await m.api('POST', `${P()}/views`, admin({ name: 'Landscape <&> "quoted"', rootElementId: null }));
    expect(created.status, created.text).toBe(201);
    view = created.json;
    const other = await m.api('POST', `${P(otherProject)}/views`, admin({ name: 'Elsewhere', rootElementId: null }));
    expect(other.status, other.text).toBe(201);
    otherView = other.json;
  }, 60_000);

  afterAll(async () => {
    await m?.stop();
  });

  describe('the API', () => {
    it('POST answers 201 with the link, the token once and its absolute url; only a SHA-256 of the token is stored', async () => {
      const before = Date.now();
      const link = await createLink();
      expect(Object.keys(link).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'hasPassword', 'id', 'revokedAt', 'status', 'token', 'url', 'viewId']);
      expect(link).toMatchObject({ viewId: view.id, hasPassword: false, expiresAt: null, revokedAt: null, createdBy: m.admin.id, status: 'active' });
      expect(link.token).toMatch(tokenPattern);
      expect(link.url).toBe(`${publicUrl}/s/${link.token}`);
      expect(Date.parse(link.createdAt)).toBeGreaterThanOrEqual(before - 1000);

      const row = await m.database.db.selectFrom('share_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(link.token, 'utf8').digest('hex'));
      expect(JSON.stringify(row)).not.toContain(link.token);
      expect(row.password_hash).toBeNull();
    });

    it('a body may be left out or empty; two links of one view get different tokens', async () => {
      const empty = await m.api('POST', linksPath(), { session: m.admin.session });
      expect(empty.status, empty.text).toBe(201);
      tokens.push(empty.json.token);
      const second = await createLink({ password: null, expiresAt: null });
      expect(second.token).not.toBe(empty.json.token);
    });

    it('a password is stored as a scrypt hash, never as given', async () => {
      const password = 'Ünïcødé pass 店 1';
      const link = await createLink({ password });
      expect(link.hasPassword).toBe(true);
      const row = await m.database.db.selectFrom('share_links').select('password_hash').where('id', '=', link.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(password);
    });

    it('the list answers every link of the view, newest first, with its status, never a token or hash', async () => {
      const link = await createLink();
      const answer = await m.api('GET', linksPath(), admin());
      expect(answer.status).toBe(200);
      const items = answer.json.items as any[];
      expect(items[0].id).toBe(link.id);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(['createdAt', 'createdBy', 'expiresAt', 'hasPassword', 'id', 'revokedAt', 'status', 'viewId']);
      const times = items.map((i) => Date.parse(i.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const token of tokens) {
        expect(answer.text).not.toContain(token);
        expect(answer.text).not.toContain(createHash('sha256').update(token, 'utf8').digest('hex'));
      }
      expect(answer.text).not.toContain('scrypt');
      // Another view's list does not hold them.
      expect(await listLinks(admin(), (await m.api('POST', `${P()}/views`, admin({ name: 'Empty', rootElementId: null }))).json.id)).toEqual([]);
    });

    it('roles: a viewer and a read token list; an editor creates and revokes; a viewer and a token cannot; a non-member and an unknown view get 404', async () => {
      expect((await m.api('GET', linksPath(), as(viewer))).status).toBe(200);
      expect((await m.api('GET', linksPath(), { token: readToken })).status).toBe(200);

      const made = await m.api('POST', linksPath(), as(editor, {}));
      expect(made.status, made.text).toBe(201);
      tokens.push(made.json.token);
      expect(made.json.createdBy).toBe(editor.id);
      expect((await m.api('DELETE', `${P()}/share-links/${made.json.id}`, as(editor))).status).toBe(204);

      expectProblem(await m.api('POST', linksPath(), as(viewer, {})), 403, 'forbidden');
      expectProblem(await m.api('POST', linksPath(), { token: readToken, json: {} }), 403, 'forbidden');
      const victim = await createLink();
      expectProblem(await m.api('DELETE', `${P()}/share-links/${victim.id}`, as(viewer)), 403, 'forbidden');
      expectProblem(await m.api('DELETE', `${P()}/share-links/${victim.id}`, { token: readToken }), 403, 'forbidden');
      expect(await statusOf(victim.id)).toBe('active');

      expectProblem(await m.api('GET', linksPath(), as(outsider)), 404);
      expectProblem(await m.api('POST', linksPath(), as(outsider, {})), 404);
      expectProblem(await m.api('GET', linksPath()), 401, 'unauthorized');
      expectProblem(await m.api('GET', linksPath('00000000-0000-4000-8000-000000000000'), admin()), 404);
      expectProblem(await m.api('POST', linksPath('00000000-0000-4000-8000-000000000000'), admin({})), 404);
      // A view of another project is not this project's.
      expectProblem(await m.api('POST', linksPath(otherView.id), admin({})), 404);
    });

    it.each([
      [{ password: 'short9chr' }, 'password', /at least 10/],
      [{ password: 'x'.repeat(201) }, 'password', /at most 200/],
      [{ password: 12345678901 }, 'password', /string/],
      [{ password: '' }, 'password', /at least 10/],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt', /future/],
      [{ expiresAt: 'tomorrow' }, 'expiresAt', /ISO 8601/],
      [{ expiresAt: '2999-01-01T00:00:00' }, 'expiresAt', /time zone/],
      [{ token: 'mine' }, 'token', /unknown field/],
    ])('POST %j is 400 validation_error on %s', async (body, field, message) => {
      const problem = expectProblem(await m.api('POST', linksPath(), admin(body)), 400, 'validation_error');
      expect(problem.errors.find((e) => e.field === field)?.message).toMatch(message);
    });

    it('a password of 10 and of 200 characters is taken (counted in characters, not bytes)', async () => {
      expect((await createLink({ password: '店'.repeat(10) })).hasPassword).toBe(true);
      expect((await createLink({ password: '😀'.repeat(200) })).hasPassword).toBe(true);
    });

    it('DELETE revokes at once: 204, the page answers 404, the list says revoked; again 204; unknown or another project\'s link 404; audited without the token', async () => {
      const link = await createLink();
      await expectOpenPage(link.token);
      const revoked = await m.api('DELETE', `${P()}/share-links/${link.id}`, admin());
      expect(revoked.status, revoked.text).toBe(204);
      await expectClosed(link.token);
      const listed = (await listLinks()).find((l) => l.id === link.id);
      expect(listed.status).toBe('revoked');
      expect(Date.parse(listed.revokedAt)).not.toBeNaN();
      expect((await m.api('DELETE', `${P()}/share-links/${link.id}`, admin())).status).toBe(204);
      expect((await listLinks()).find((l) => l.id === link.id).revokedAt).toBe(listed.revokedAt);

      expectProblem(await m.api('DELETE', `${P()}/share-links/00000000-0000-4000-8000-000000000000`, admin()), 404);
      expectProblem(await m.api('DELETE', `${P()}/share-links/not-a-uuid`, admin()), 404);
      const elsewhere = await m.api('POST', `${P(otherProject)}/views/${otherView.id}/share-links`, admin({}));
      expect(elsewhere.status).toBe(201);
      tokens.push(elsewhere.json.token);
      expectProblem(await m.api('DELETE', `${P()}/share-links/${elsewhere.json.id}`, admin()), 404);
      await expectOpenPage(elsewhere.json.token);

      const audit = await m.api('GET', `/api/workspaces/${workspaceId}/audit?limit=200`, admin());
      expect(audit.status, audit.text).toBe(200);
      const entries = (audit.json.items as any[]).filter((e) => e.detail?.linkId === link.id);
      expect(entries.map((e) => e.action).sort()).toEqual(['share-link.create', 'share-link.revoke']);
      expect(entries.every((e) => e.actor === `user:${m.admin.id}`)).toBe(true);
      for (const token of tokens) expect(audit.text).not.toContain(token);
    });
  });

  describe('the public page and its downloads', () => {
    let link: any;

    beforeAll(async () => {
      link = await createLink();
    });

    it('GET /s/{token} is a read-only HTML page: the view name escaped, the SVG export inline, links to the three downloads', async () => {
      const page = await expectOpenPage(link.token);
      const svg = (await m.api('GET', `${P()}/views/${view.id}/export/svg`, admin())).text;
      expect(page.text).toContain(svg.replace(/^<\?xml[^>]*\?>\s*/, ''));
      expect(page.text).toContain('<h1>Landscape &lt;&amp;&gt; &quot;quoted&quot;</h1>');
      expect(page.text).not.toContain('<script');
      expect(page.text).not.toContain('<form');
      for (const file of ['diagram.svg', 'flowchart.mmd', 'model.dsl']) expect(page.text).toContain(`href="${link.token}/${file}"`);
      // No sign-in involved: no session cookie is asked for or set.
      expect(page.setCookies).toEqual([]);
    });

    it('the downloads hold the same bytes as the signed-in exports of the main model, as attachments', async () => {
      const pairs = [
        ['/diagram.svg', `${P()}/views/${view.id}/export/svg`, 'image/svg+xml; charset=utf-8'],
        ['/flowchart.mmd', `${P()}/views/${view.id}/export/flowchart`, 'text/plain; charset=utf-8'],
        ['/model.dsl', `${P()}/export/archdsl`, 'text/plain; charset=utf-8'],
      ] as const;
      for (const [file, exportPath, contentType] of pairs) {
        const shared = await share(link.token, file);
        expect(shared.status, shared.text.slice(0, 300)).toBe(200);
        expect(shared.headers.get('content-type')).toBe(contentType);
        expect(shared.headers.get('content-disposition')).toBe(`attachment; filename="${file.slice(1)}"`);
        expect(shared.text).toBe((await m.api('GET', exportPath, admin())).text);
      }
    });

    it('a revision in the query is not read: the page and downloads always show main', async () => {
      const revision = await m.api('POST', `${P()}/revisions`, admin({ name: 'r1' }));
      expect(revision.status, revision.text).toBe(201);
      const shared = await share(link.token, `/diagram.svg?revisionId=${revision.json.id}`);
      expect(shared.text).toBe((await m.api('GET', `${P()}/views/${view.id}/export/svg`, admin())).text);
    });

    it('headers: a strict CSP without scripts, no framing while embedHosts is empty, no caching, no referrer, no indexing', async () => {
      const page = await share(link.token);
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/);
      expect(csp).not.toContain('script');
      const styleHash = /'sha256-([^']+)'/.exec(csp)![1]!;
      const stylesheet = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
      expect(createHash('sha256').update(stylesheet, 'utf8').digest('base64')).toBe(styleHash);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const download = await share(link.token, '/diagram.svg');
      expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'");
      expect(download.headers.get('x-frame-options')).toBe('DENY');
      expect(download.headers.get('cache-control')).toBe('no-store');
      expect(download.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it('a token that opens nothing gets one 404 whatever it is: unknown, malformed, revoked, expired or blocked answer the same body', async () => {
      const unknown = await expectClosed(randomBytes(32).toString('base64url'));
      expect(await expectClosed('not-a-token')).toBe(unknown);
      expect(await expectClosed(`${link.token}x`)).toBe(unknown);
      const revoked = await createLink();
      await m.api('DELETE', `${P()}/share-links/${revoked.id}`, admin());
      expect(await expectClosed(revoked.token)).toBe(unknown);
      const answer = await share(randomBytes(32).toString('base64url'));
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('a link with an expiry answers until then, then 404 with status expired', async () => {
      const expiresAt = new Date(Date.now() + 2500).toISOString();
      const expiring = await createLink({ expiresAt });
      expect(expiring.expiresAt).toBe(expiresAt);
      await expectOpenPage(expiring.token);
      expect(await statusOf(expiring.id)).toBe('active');
      await new Promise((r) => setTimeout(r, Date.parse(expiresAt) - Date.now() + 100));
      const notFound = await expectClosed(expiring.token);
      expect(JSON.parse(notFound).title).toBe('Share link not found');
      expect(await statusOf(expiring.id)).toBe('expired');
    });

    it('deleting the view, then the project, removes their links', async () => {
      const doomedView = (await m.api('POST', `${P()}/views`, admin({ name: 'Doomed', rootElementId: null }))).json;
      const doomed = await createLink({}, doomedView.id);
      await expectOpenPage(doomed.token);
      expect((await m.api('DELETE', `${P()}/views/${doomedView.id}`, admin())).status).toBe(204);
      await expectClosed(doomed.token);
      expect(await m.database.db.selectFrom('share_links').select('id').where('id', '=', doomed.id).execute()).toEqual([]);

      const doomedProject = await m.createProject(workspaceId, 'Doomed');
      const v = (await m.api('POST', `${P(doomedProject)}/views`, admin({ name: 'V', rootElementId: null }))).json;
      const inProject = (await m.api('POST', `${P(doomedProject)}/views/${v.id}/share-links`, admin({}))).json;
      tokens.push(inProject.token);
      await expectOpenPage(inProject.token);
      expect((await m.api('DELETE', P(doomedProject), admin())).status).toBe(204);
      await expectClosed(inProject.token);
      expect(await m.database.db.selectFrom('share_links').select('id').where('project_id', '=', doomedProject.id).execute()).toEqual([]);
    });
  });

  describe('passwords', () => {
    const password = 'Open sesame 42';
    let link: any;

    beforeAll(async () => {
      link = await createLink({ password });
    });

    it('without a proof the page is a small form posting to itself, no picture; the downloads answer 403', async () => {
      const page = await share(link.token);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('<form method="post">');
      expect(page.text).toContain('name="password" type="password"');
      expect(page.text).not.toContain('<svg');
      expect(page.text).not.toContain('Landscape');
      expect(page.text).not.toContain('<script');
      // The form's own POST must keep its Origin (docs/sharing.md, "Referrer").
      expect(page.headers.get('referrer-policy')).toBe('same-origin');
      for (const file of ['/diagram.svg', '/flowchart.mmd', '/model.dsl']) expectProblem(await share(link.token, file), 403, 'forbidden');
    });

    it('a wrong password answers 403 with the form again and no cookie; the right one 303 to the page with an HttpOnly, SameSite=Strict cookie for this link only', async () => {
      const wrong = await postPassword(link.token, 'not the password');
      expect(wrong.status).toBe(403);
      expect(wrong.text).toContain('That password is not right.');
      expect(wrong.text).toContain('<form method="post">');
      expect(wrong.setCookies).toEqual([]);

      const right = await postPassword(link.token, password);
      expect(right.status, right.text).toBe(303);
      expect(new URL(right.headers.get('location')!, `${m.service.url}/s/${link.token}`).href).toBe(`${m.service.url}/s/${link.token}`);
      const cookie = proofCookieOf(right);
      expect(hasAttribute(cookie, 'HttpOnly')).toBe(true);
      expect(attributeValue(cookie, 'SameSite')).toBe('Strict');
      expect(attributeValue(cookie, 'Path')).toBe(`/s/${link.token}`);
      expect(attributeValue(cookie, 'Max-Age')).toBe(String(12 * 3600));
      expect(hasAttribute(cookie, 'Secure')).toBe(false); // local profile over plain http
      expect(cookie.value).not.toContain(password);

      const page = await expectOpenPage(link.token, withProof(cookie.value));
      expect(page.text).toContain('Landscape &lt;&amp;&gt;');
      for (const file of ['/diagram.svg', '/flowchart.mmd', '/model.dsl']) expect((await share(link.token, file, withProof(cookie.value))).status).toBe(200);
    });

    it('the proof is bound to its link, cannot be altered, and ends when the link is revoked', async () => {
      const other = await createLink({ password });
      const proof = proofCookieOf(await postPassword(link.token, password)).value;
      expect((await share(other.token, '', withProof(proof))).text).toContain('<form method="post">');
      expectProblem(await share(other.token, '/diagram.svg', withProof(proof)), 403);

      const [expiry, mac] = proof.split('.');
      const later = `${Number(expiry) + 3600}.${mac}`;
      expect((await share(link.token, '', withProof(later))).text).toContain('<form method="post">');
      const flipped = `${expiry}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`;
      expect((await share(link.token, '', withProof(flipped))).text).toContain('<form method="post">');

      const proofOfOther = proofCookieOf(await postPassword(other.token, password)).value;
      await expectOpenPage(other.token, withProof(proofOfOther));
      await m.api('DELETE', `${P()}/share-links/${other.id}`, admin());
      await expectClosed(other.token);
      expectProblem(await share(other.token, '/diagram.svg', withProof(proofOfOther)), 404);
    });

    it('the form post: another content type 415, no password field 400, a cross-site post 403; a same-origin browser post passes', async () => {
      expectProblem(await m.api('POST', `/s/${link.token}`, { json: { password } }), 415, 'unsupported_media_type');
      expectProblem(await m.api('POST', `/s/${link.token}`, { body: 'other=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'validation_error');
      expectProblem(await postPassword(link.token, password, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), 403, 'cross_site_request');
      // What a browser sends for the page's own form under Referrer-Policy: same-origin.
      const own = await postPassword(link.token, password, { origin: m.service.url, 'sec-fetch-site': 'same-origin' });
      expect(own.status, own.text).toBe(303);
      // Under no-referrer a browser would send Origin: null, which the cross-site rule refuses.
      expectProblem(await postPassword(link.token, password, { origin: 'null' }), 403, 'cross_site_request');
    });

    it('a link without a password takes a form post as a way to its page: 303, no cookie', async () => {
      const open = await createLink();
      const answer = await postPassword(open.token, 'anything at all');
      expect(answer.status).toBe(303);
      expect(answer.setCookies).toEqual([]);
    });

    it('attempts are limited per link and client address: after 10 in 15 minutes 429 rate_limited with Retry-After, even for the right password; other links are not affected', async () => {
      const limited = await createLink({ password });
      for (let i = 0; i < 10; i++) expect((await postPassword(limited.token, `wrong password ${i}`)).status).toBe(403);
      const refused = await postPassword(limited.token, password);
      const problem = expectProblem(refused, 429, 'rate_limited');
      expect(problem.detail).toMatch(/password attempts/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The page itself still answers (with its form), and another link takes its password.
      expect((await share(limited.token)).status).toBe(200);
      const fresh = await createLink({ password });
      expect((await postPassword(fresh.token, password)).status).toBe(303);
    });
  });

  describe('the link policy, on every read', () => {
    let open: any;
    let guarded: any;
    let guardedProof: string;
    const password = 'Policy pass 1234';

    beforeAll(async () => {
      open = await createLink();
      guarded = await createLink({ password });
    });

    afterAll(async () => {
      await setSharing({ linkPolicy: 'public', embedHosts: [] });
    });

    it('public: both links answer and are active', async () => {
      await expectOpenPage(open.token);
      expect((await share(guarded.token)).text).toContain('<form method="post">');
      guardedProof = proofCookieOf(await postPassword(guarded.token, password)).value;
      await expectOpenPage(guarded.token, withProof(guardedProof));
      expect(await statusOf(open.id)).toBe('active');
      expect(await statusOf(guarded.id)).toBe('active');
    });

    it('password-only: the link without password is blocked and answers 404; the one with password still answers; a new link needs a password', async () => {
      await setSharing({ linkPolicy: 'password-only' });
      const blocked = await expectClosed(open.token);
      expect(blocked).toBe(await expectClosed(randomBytes(32).toString('base64url')));
      expect(await statusOf(open.id)).toBe('blocked');
      expect(await statusOf(guarded.id)).toBe('active');
      await expectOpenPage(guarded.token, withProof(guardedProof));
      expectProblem(await postPassword(open.token, password), 404);

      for (const body of [{}, { password: null }]) {
        const problem = expectProblem(await m.api('POST', linksPath(), admin(body)), 400, 'validation_error');
        expect(problem.errors).toEqual([{ field: 'password', message: expect.stringMatching(/policy.*requires a password/) }]);
      }
      expect((await createLink({ password })).status).toBe('active');
    });

    it('off: every link is blocked and answers 404, also with a proof; creating is 409 share_link_not_allowed', async () => {
      await setSharing({ linkPolicy: 'off' });
      await expectClosed(open.token);
      await expectClosed(guarded.token);
      expectProblem(await share(guarded.token, '', withProof(guardedProof)), 404);
      expectProblem(await share(guarded.token, '/diagram.svg', withProof(guardedProof)), 404);
      expect(await statusOf(open.id)).toBe('blocked');
      expect(await statusOf(guarded.id)).toBe('blocked');
      const refused = expectProblem(await m.api('POST', linksPath(), admin({ password })), 409, 'share_link_not_allowed');
      expect(refused.detail).toMatch(/sharing\.linkPolicy/);
      // Revoked and expired stay so whatever the policy.
      const revoked = (await listLinks()).find((l) => l.revokedAt !== null);
      expect(revoked.status).toBe('revoked');
    });

    it('back to public: the blocked links answer again', async () => {
      await setSharing({ linkPolicy: 'public' });
      await expectOpenPage(open.token);
      await expectOpenPage(guarded.token, withProof(guardedProof));
      expect(await statusOf(open.id)).toBe('active');
      expect(await statusOf(guarded.id)).toBe('active');
    });

    it('embedHosts not empty: the page, its form and its downloads name them in frame-ancestors and send no X-Frame-Options; every other answer is unchanged', async () => {
      await setSharing({ embedHosts: ['https://*.example.com', 'http://localhost:3000'] });
      const expected = 'frame-ancestors https://*.example.com http://localhost:3000';
      const page = await share(open.token);
      expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`; ${expected.replace(/[.*]/g, '\\$&')}$`));
      expect(page.headers.get('x-frame-options')).toBeNull();
      const form = await share(guarded.token);
      expect(form.headers.get('content-security-policy')).toContain(expected);
      expect(form.headers.get('x-frame-options')).toBeNull();
      const download = await share(open.token, '/flowchart.mmd');
      expect(download.headers.get('content-security-policy')).toBe(`default-src 'none'; style-src 'unsafe-inline'; sandbox; ${expected}`);
      expect(download.headers.get('x-frame-options')).toBeNull();

      const others: HttpAnswer[] = [
        await m.api('GET', P(), admin()),
        await m.api('GET', linksPath(), admin()),
        await m.api('GET', `${P()}/views/${view.id}/export/svg`, admin()),
        await m.api('GET', '/health'),
        await m.api('GET', '/api/setup/status'),
        await share(randomBytes(32).toString('base64url')),
        await m.api('GET', '/api/no/such/path'),
      ];
      for (const answer of others) {
        expect(answer.headers.get('x-frame-options'), answer.text.slice(0, 100)).toBe('DENY');
        expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      }
    });

    it('embedHosts empty again: frame-ancestors none and X-Frame-Options DENY on the page', async () => {
      await setSharing({ embedHosts: [] });
      const page = await share(open.token);
      expect(page.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'none'$/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    });
  });

  describe('in a browser (headless chromium)', () => {
    const inBrowser = it.skipIf(chromiumMissing !== null);
    const password = 'Browser pass 9876';
    let browser: Browser;
    let framer: Server;
    let framerOrigin: string;

    beforeAll(async () => {
      if (chromiumMissing !== null) return;
      browser = await launchChromium();
      // A page of another origin that frames whatever `?src=` names.
      framer = createServer((req, res) => {
        const src = new URL(req.url ?? '/', 'http://framer').searchParams.get('src') ?? '';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>framer</title><iframe id="shared" src="${src.replace(/"/g, '&quot;')}" width="900" height="600"></iframe>`);
      });
      await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
      framerOrigin = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
    }, 60_000);

    afterAll(async () => {
      if (chromiumMissing !== null) return;
      await browser.close();
      await new Promise((resolve) => framer.close(resolve));
      await setSharing({ embedHosts: [] });
    });

    /** A new page that records what the browser refused under the Content-Security-Policy. */
    async function newPage(): Promise<{ page: Page; refusals: string[] }> {
      const page = await browser.newPage();
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
      });
      return { page, refusals };
    }

    inBrowser('the password form as a browser submits it: 303, the proof cookie kept, the picture shown, the downloads open; nothing refused by the CSP', async () => {
      const link = await createLink({ password });
      const { page, refusals } = await newPage();
      const pageUrl = `${m.service.url}/s/${link.token}`;
      await page.goto(pageUrl);
      expect(await page.locator('figure svg').count()).toBe(0);
      await page.fill('#password', password);
      await Promise.all([page.waitForURL(pageUrl, { waitUntil: 'load' }), page.click('button[type=submit]')]);
      expect(await page.locator('figure svg').count()).toBe(1);
      expect(await page.locator('h1').textContent()).toBe(view.name);
      const cookies = await page.context().cookies(pageUrl);
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([['svc_share', true, 'Strict', `/s/${link.token}`]]);
      const svg = await page.context().request.get(`${pageUrl}/diagram.svg`);
      expect(svg.status()).toBe(200);
      expect(await svg.text()).toBe((await m.api('GET', `${P()}/views/${view.id}/export/svg`, admin())).text);
      expect(refusals).toEqual([]);
      await page.close();
    });

    inBrowser('a wrong password in the browser shows the form again with the refusal', async () => {
      const link = await createLink({ password });
      const { page } = await newPage();
      await page.goto(`${m.service.url}/s/${link.token}`);
      await page.fill('#password', 'wrong password here');
      await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
      expect(await page.locator('[role=alert]').textContent()).toBe('That password is not right.');
      expect(await page.context().cookies()).toEqual([]);
      await page.close();
    });

    inBrowser('a site named in embedHosts can frame the page; with embedHosts empty the browser refuses the frame', async () => {
      const link = await createLink();
      const framed = `${framerOrigin}/?src=${encodeURIComponent(`${m.service.url}/s/${link.token}`)}`;

      await setSharing({ embedHosts: [framerOrigin] });
      const allowed = await newPage();
      await allowed.page.goto(framed, { waitUntil: 'load' });
      await allowed.page.frameLocator('#shared').locator('figure svg').waitFor({ timeout: 10_000 });
      expect(allowed.refusals).toEqual([]);
      await allowed.page.close();

      await setSharing({ embedHosts: [] });
      const refused = await newPage();
      await refused.page.goto(framed, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 300));
      expect(await refused.page.frameLocator('#shared').locator('figure svg').count()).toBe(0);
      await refused.page.close();
    });
  });

  describe('the log', () => {
    it('names the route patterns of the share pages and never a token', async () => {
      await new Promise((r) => setTimeout(r, 200)); // access lines are written in batches
      const output = m.service.output();
      expect(output).toContain('"routeKey":"GET /s/{token}"');
      expect(output).toContain('"routeKey":"POST /s/{token}"');
      expect(output).toContain('"routeKey":"GET /s/{token}/diagram.svg"');
      expect(tokens.length).toBeGreaterThan(10);
      for (const token of tokens) expect(output).not.toContain(token);
    });
  });

  describe('request limits', () => {
    it('share pages do not count against the anonymous API limit; they have their own of 300 a minute per client address', async () => {
      const from = { headers: { 'x-forwarded-for': '203.0.113.77' } };
      const unknown = randomBytes(32).toString('base64url');
      let first429 = -1;
      for (let i = 0; i < 301 && first429 < 0; i++) {
        if ((await share(unknown, '', from)).status === 429) first429 = i;
      }
      expect(first429).toBe(300);
      const refused = expectProblem(await share(unknown, '', from), 429, 'rate_limited');
      expect(refused.detail).toMatch(/Try again/);
      // The API's anonymous limit is another bucket: it still answers that address; another address still opens pages.
      expect((await m.api('GET', '/api/setup/status', from)).status).toBe(200);
      expectProblem(await share(unknown, '', { headers: { 'x-forwarded-for': '203.0.113.78' } }), 404);
    }, 60_000);
  });
});
