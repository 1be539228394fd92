import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/http-client';
import { type ModelService, type Person, startModelService } from '../support/model-api';

/**
 * Workspace prices over HTTP (part 2 "Prices" and "Price requests"; docs/prices.md): custom
 * prices and the rule of each field, the page of prices, deletion refused while a cost sheet
 * uses the price, price CSVs, and who may do what.
 */

const W = (workspaceId: string) => `/api/workspaces/${workspaceId}/prices`;

const goodPrice = {
  provider: 'custom',
  region: 'eu-west',
  sku: 'vm.small',
  description: 'A small virtual machine',
  unit: 'hour',
  unitPrice: '0.0116',
  currency: 'EUR',
  effectiveDate: '2025-01-31',
};

describe('workspace prices over HTTP', () => {
  let m: ModelService;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let viewer: Person;
  let editor: Person;
  let stranger: Person;

  const asOwner = (method: string, path: string, json?: unknown) => m.api(method, path, { session: m.admin.session, ...(json !== undefined ? { json } : {}) });
  const allPrices = async (workspace = workspaceId) => {
    const items: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await asOwner('GET', `${W(workspace)}?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, page.text).toBe(200);
      items.push(...page.json.items);
      cursor = page.json.nextCursor;
    } while (cursor);
    return items;
  };

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Priced');
    otherWorkspaceId = await m.createWorkspace('Elsewhere');
    viewer = await m.newPerson('viewer@prices.test', [{ workspaceId, role: 'viewer' }]);
    editor = await m.newPerson('editor@prices.test', [{ workspaceId, role: 'editor' }]);
    stranger = await m.newPerson('stranger@prices.test', [{ workspaceId: otherWorkspaceId, role: 'owner' }]);
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('adds a custom price and answers it whole, the amount as an exact decimal string', async () => {
    const created = await asOwner('POST', W(workspaceId), goodPrice);
    expect(created.status, created.text).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId,
      source: 'custom',
      ...goodPrice,
      catalogRef: null,
      roundedFrom: null,
      createdBy: `user:${m.admin.id}`,
      createdAt: expect.any(String),
    });
    // A JSON number is read by its shortest decimal form; a string as written, without trailing zeros.
    const fromNumber = await asOwner('POST', W(workspaceId), { ...goodPrice, region: null, description: null, unitPrice: 0.1 });
    expect(fromNumber.json).toMatchObject({ unitPrice: '0.1', region: null, description: null });
    const fromString = await asOwner('POST', W(workspaceId), { ...goodPrice, unitPrice: '123456789012345678.000000000001' });
    expect(fromString.json.unitPrice).toBe('123456789012345678.000000000001');
    const listed = await allPrices();
    expect(listed.find((entry) => entry.id === fromString.json.id)).toEqual(fromString.json);
  });

  it.each([
    ['provider', { provider: undefined }, 'is required'],
    ['provider', { provider: '   ' }, 'must not be empty'],
    ['provider', { provider: 'a\u0007b' }, 'control characters'],
    ['region', { region: undefined }, 'is required'],
    ['region', { region: 'r'.repeat(101) }, 'at most 100'],
    ['sku', { sku: null }, 'must not be null'],
    ['sku', { sku: 12 }, 'must be a string'],
    ['description', { description: undefined }, 'is required'],
    ['description', { description: 'd'.repeat(1001) }, 'at most 1000'],
    ['unit', { unit: '' }, 'must not be empty'],
    ['unitPrice', { unitPrice: null }, 'must not be null'],
    ['unitPrice', { unitPrice: undefined }, 'is required'],
    ['unitPrice', { unitPrice: -1 }, 'must not be negative'],
    ['unitPrice', { unitPrice: '1e3' }, 'decimal number'],
    ['unitPrice', { unitPrice: '0.0000000000001' }, 'at most 12 digits after the point'],
    ['unitPrice', { unitPrice: true }, 'a number or a decimal string'],
    ['currency', { currency: 'eur' }, 'three upper-case letters'],
    ['currency', { currency: 'ABC' }, 'not an ISO 4217'],
    ['currency', { currency: 'XTS' }, 'not an ISO 4217'],
    ['effectiveDate', { effectiveDate: '2025-02-29' }, 'calendar date'],
    ['effectiveDate', { effectiveDate: '2025-01-31T00:00:00Z' }, 'calendar date'],
    ['effectiveDate', { effectiveDate: '31/01/2025' }, 'calendar date'],
    ['surprise', { surprise: 1 }, 'unknown field'],
  ])('refuses a custom price with a bad %s (400 naming it), storing nothing', async (field, change, message) => {
    const before = (await allPrices()).length;
    const body: Record<string, unknown> = { ...goodPrice, ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const problem = expectProblem(await asOwner('POST', W(workspaceId), body), 400, 'validation_error');
    expect(problem.errors).toEqual([{ field, message: expect.stringContaining(message) }]);
    expect((await allPrices()).length).toBe(before);
  });

  it('pages the prices oldest first with a cursor bound to the workspace', async () => {
    const own = await m.createWorkspace('Paged');
    const made: string[] = [];
    for (const sku of ['a', 'b', 'c', 'd', 'e']) made.push((await asOwner('POST', W(own), { ...goodPrice, sku })).json.id);
    const first = await asOwner('GET', `${W(own)}?limit=2`);
    expect(first.json.items.map((entry: { sku: string }) => entry.sku)).toEqual(['a', 'b']);
    const second = await asOwner('GET', `${W(own)}?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.items.map((entry: { sku: string }) => entry.sku)).toEqual(['c', 'd']);
    const third = await asOwner('GET', `${W(own)}?limit=2&cursor=${encodeURIComponent(second.json.nextCursor)}`);
    expect(third.json).toEqual({ items: [expect.objectContaining({ sku: 'e', id: made[4] })], nextCursor: null });
    expectProblem(await asOwner('GET', `${W(workspaceId)}?cursor=${encodeURIComponent(first.json.nextCursor)}`), 400, 'validation_error');
    expectProblem(await asOwner('GET', `${W(own)}?limit=0`), 400, 'validation_error');
  });

  it('lets any member read, only the owner write; another workspace sees nothing', async () => {
    const price = (await asOwner('POST', W(workspaceId), { ...goodPrice, sku: 'roles' })).json;
    const read = await m.api('GET', W(workspaceId), { session: viewer.session });
    expect(read.status).toBe(200);
    expect(read.json.items.map((entry: { id: string }) => entry.id)).toContain(price.id);
    expectProblem(await m.api('POST', W(workspaceId), { session: viewer.session, json: goodPrice }), 403, 'forbidden');
    expectProblem(await m.api('POST', W(workspaceId), { session: editor.session, json: goodPrice }), 403, 'forbidden');
    expectProblem(await m.api('POST', `${W(workspaceId)}/csv`, { session: editor.session, json: { csv: 'provider' } }), 403, 'forbidden');
    expectProblem(await m.api('DELETE', `${W(workspaceId)}/${price.id}`, { session: viewer.session }), 403, 'forbidden');
    // Not a member: the workspace does not exist for them; its price does not exist in theirs.
    expectProblem(await m.api('GET', W(workspaceId), { session: stranger.session }), 404, 'not_found');
    expectProblem(await m.api('DELETE', `${W(otherWorkspaceId)}/${price.id}`, { session: stranger.session }), 404, 'not_found');
    expectProblem(await asOwner('DELETE', `${W(workspaceId)}/not-a-uuid`), 404, 'not_found');
    expect((await allPrices()).map((entry) => entry.id)).toContain(price.id);
  });

  it('an agent token with read lists the prices and can change nothing', async () => {
    const token = await m.createToken(workspaceId, ['read']);
    const listed = await m.api('GET', W(workspaceId), { token });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.items.length).toBeGreaterThan(0);
    expectProblem(await m.api('POST', W(workspaceId), { token, json: goodPrice }), 403);
    expectProblem(await m.api('GET', `${W(workspaceId)}/aws/services`, { token }), 403);
    const pushOnly = await m.createToken(workspaceId, ['push']);
    expectProblem(await m.api('GET', W(workspaceId), { token: pushOnly }), 403);
    expectProblem(await m.api('GET', W(otherWorkspaceId), { token }), 404);
  });

  it('deletes a price no cost sheet uses; refuses (409) one in use, naming each sheet by project and line', async () => {
    const unused = (await asOwner('POST', W(workspaceId), { ...goodPrice, sku: 'unused' })).json;
    expect((await asOwner('DELETE', `${W(workspaceId)}/${unused.id}`)).status).toBe(204);
    expect((await allPrices()).map((entry) => entry.id)).not.toContain(unused.id);
    expectProblem(await asOwner('DELETE', `${W(workspaceId)}/${unused.id}`), 404, 'not_found');

    const used = (await asOwner('POST', W(workspaceId), { ...goodPrice, sku: 'used' })).json;
    const shop = await m.createProject(workspaceId, 'Shop');
    const db = m.database.db;
    const now = new Date();
    const branchId = randomUUID();
    const revisionId = randomUUID();
    await db.insertInto('model_streams').values([
      { id: branchId, project_id: shop.id, kind: 'draft', name: 'feature-x', created_at: now },
      { id: revisionId, project_id: shop.id, kind: 'revision', name: 'v1', created_at: now },
    ]).execute();
    await db.insertInto('cost_sheets').values([shop.id, branchId, revisionId].map((streamId) => ({ stream_id: streamId, project_id: shop.id, updated_at: now }))).execute();
    const resource = (streamId: string, name: string, position: number) => ({ stream_id: streamId, id: randomUUID(), position, element_id: randomUUID(), name, category: 'compute', provider: 'custom', price_ref: used.id });
    await db.insertInto('cost_resources').values([resource(shop.id, 'web', 0), resource(shop.id, 'worker', 1), resource(branchId, 'web', 0), resource(revisionId, 'web', 0)]).execute();

    const refused = expectProblem(await asOwner('DELETE', `${W(workspaceId)}/${used.id}`), 409, 'conflict');
    expect(refused.errors.map((error) => error.field)).toEqual(['priceId', 'priceId', 'priceId']);
    const messages = refused.errors.map((error) => error.message).join('\n');
    expect(messages).toContain('project "Shop", main (resources "web", "worker")');
    expect(messages).toContain('project "Shop", branch "feature-x"');
    expect(messages).toContain('project "Shop", revision "v1"');
    expect(refused.detail).toContain('3 cost sheets');
    expect((await allPrices()).map((entry) => entry.id)).toContain(used.id);

    await db.deleteFrom('cost_resources').where('price_ref', '=', used.id).where('stream_id', '!=', revisionId).execute();
    const stillOne = expectProblem(await asOwner('DELETE', `${W(workspaceId)}/${used.id}`), 409, 'conflict');
    expect(stillOne.errors).toEqual([{ field: 'priceId', message: 'used by the cost sheet of project "Shop", revision "v1" (resources "web")' }]);
    await db.deleteFrom('cost_resources').where('price_ref', '=', used.id).execute();
    expect((await asOwner('DELETE', `${W(workspaceId)}/${used.id}`)).status).toBe(204);
  });
});

describe('price CSVs over HTTP', () => {
  let m: ModelService;
  let workspaceId: string;
  const header = 'provider,region,sku,description,unit,unitPrice,currency,effectiveDate';
  const importCsv = (csv: unknown) => m.api('POST', `${W(workspaceId)}/csv`, { session: m.admin.session, json: { csv } });
  const count = async () => (await m.api('GET', `${W(workspaceId)}?limit=200`, { session: m.admin.session })).json.items.length as number;

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('CSV');
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('reads quoted commas, quotes, embedded line breaks, a BOM and CRLF; answers each refused row with the line it starts on', async () => {
    const csv = [
      `\ufeff${header}`,
      'aws,us-east-1,t3.micro,"Linux, on demand",hour,0.0104,USD,2025-01-01',
      'gcp,,e2-small,"two lines:',
      'and a ""quote""",hour,"0.0167",USD,2025-01-02',
      '',
      'custom,eu,disk,,GB-month,-1,EUR,2025-02-30',
      'custom,eu,too,few',
      'azure,westeurope,D2s v3,,1 Hour,0.096,EUR,2025-03-01',
    ].join('\r\n');
    const answer = await importCsv(csv);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.added.map((entry: any) => [entry.source, entry.provider, entry.region, entry.sku, entry.description, entry.unitPrice, entry.currency, entry.effectiveDate])).toEqual([
      ['csv', 'aws', 'us-east-1', 't3.micro', 'Linux, on demand', '0.0104', 'USD', '2025-01-01'],
      ['csv', 'gcp', null, 'e2-small', 'two lines:\r\nand a "quote"', '0.0167', 'USD', '2025-01-02'],
      ['csv', 'azure', 'westeurope', 'D2s v3', null, '0.096', 'EUR', '2025-03-01'],
    ]);
    expect(answer.json.refused).toEqual([
      {
        line: 6,
        errors: [
          { field: 'unitPrice', message: expect.stringContaining('decimal number written with digits') },
          { field: 'effectiveDate', message: expect.stringContaining('calendar date') },
        ],
      },
      { line: 7, errors: [{ field: 'row', message: 'has 4 fields; the header has 8' }] },
    ]);
    expect(await count()).toBe(3);
  });

  it('takes the columns in any order and LF line ends', async () => {
    const before = await count();
    const answer = await importCsv('currency,effectiveDate,unitPrice,unit,description,sku,region,provider\nUSD,2025-05-01,1.5,GB,,bucket,,custom\n');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.added).toEqual([expect.objectContaining({ provider: 'custom', sku: 'bucket', unit: 'GB', unitPrice: '1.5', region: null, description: null })]);
    expect(answer.json.refused).toEqual([]);
    expect(await count()).toBe(before + 1);
  });

  it.each([
    ['a missing column', 'provider,region,sku,description,unit,unitPrice,currency\naws,,x,,h,1,USD', 'missing effectiveDate'],
    ['an unknown column', `${header},note\naws,,x,,h,1,USD,2025-01-01,hi`, 'unknown "note"'],
    ['a repeated column', `${header},sku\naws,,x,,h,1,USD,2025-01-01,y`, 'repeated sku'],
    ['a header in other case', `${header.toUpperCase()}\naws,,x,,h,1,USD,2025-01-01`, 'missing provider'],
    ['no text at all', '', 'is empty'],
    ['an unclosed quote', `${header}\naws,,x,"open,h,1,USD,2025-01-01\n`, 'not closed'],
    ['a stray quote', `${header}\naws,,x"y,,h,1,USD,2025-01-01\n`, 'line 2'],
    // JSON carries it as the escape \udc00; read as UTF-8 it would have become U+FFFD unseen.
    ['a lone surrogate', `${header}\naws,,x,,h,1,USD,2025-01-01\naws,,y,Linux \udc00,h,1,USD,2025-01-01\n`, 'line 3: must be valid Unicode text'],
  ])('refuses the whole CSV for %s (400 naming csv), storing nothing', async (_, csv, message) => {
    const before = await count();
    const problem = expectProblem(await importCsv(csv), 400, 'validation_error');
    expect(problem.errors).toEqual([{ field: 'csv', message: expect.stringContaining(message) }]);
    expect(await count()).toBe(before);
  });

  it('refuses a CSV that is null or not text, and more rows than the limit', async () => {
    expect(expectProblem(await importCsv(null), 400).errors).toEqual([{ field: 'csv', message: expect.stringContaining('must not be null') }]);
    expect(expectProblem(await importCsv(42), 400).errors[0]!.field).toBe('csv');
    const before = await count();
    const rows = Array.from({ length: 10_001 }, (_, i) => `custom,,sku-${i},,h,1,USD,2025-01-01`);
    const problem = expectProblem(await importCsv([header, ...rows].join('\n')), 400);
    expect(problem.errors[0]!.message).toContain('at most 10000');
    expect(await count()).toBe(before);
  });
});
