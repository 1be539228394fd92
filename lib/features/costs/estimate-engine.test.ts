import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CostAssumption, CostResource } from './cost-sheet';
import { choosePrice, estimateFigures, indexPrices, type EstimateInput } from './estimate-engine';
import type { PriceEntry } from '../prices/price-entry';

/** Exact decimals as (units, scale) in BigInt, independent of decimal.js: the arithmetic the engine's answers are checked against. */
function scaled(text: string): { units: bigint; scale: number } {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole! + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function atScale(text: string, scale: number): bigint {
  const s = scaled(text);
  return s.units * 10n ** BigInt(scale - s.scale);
}

function sameAmount(a: string, b: { units: bigint; scale: number }): boolean {
  const scale = Math.max(scaled(a).scale, b.scale);
  return atScale(a, scale) === b.units * 10n ** BigInt(scale - b.scale);
}

function product(texts: string[]): { units: bigint; scale: number } {
  return texts.map(scaled).reduce((acc, s) => ({ units: acc.units * s.units, scale: acc.scale + s.scale }), { units: 1n, scale: 0 });
}

function sum(texts: string[]): { units: bigint; scale: number } {
  const scale = Math.max(0, ...texts.map((t) => scaled(t).scale));
  return { units: texts.reduce((acc, t) => acc + atScale(t, scale), 0n), scale };
}

const amount = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 6 })).map(([units, scale]) => {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, '') || '0';
});
const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10));
const providers = ['azure', 'aws'];
const skus = ['vm-small', 'vm-large', 'storage'];
const regions = [null, 'westeurope', 'eastus'];
const units = ['1 Hour', '1 GB/Month'];
const currencies = ['USD', 'EUR', 'GBP'];
const uuid = (n: number, prefix: string) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const prices = fc.array(
  fc.record({ provider: fc.constantFrom(...providers), sku: fc.constantFrom(...skus), region: fc.constantFrom(...regions), unit: fc.constantFrom(...units), unitPrice: amount, currency: fc.constantFrom(...currencies), effectiveDate: day, createdSecond: fc.integer({ min: 0, max: 50 }) }),
  { maxLength: 40 },
).map((list) =>
  list.map(
    (p, i): PriceEntry => ({
      id: uuid(i, '00000001'),
      workspaceId: uuid(0, '0000000f'),
      source: 'custom',
      provider: p.provider,
      region: p.region,
      sku: p.sku,
      description: null,
      unit: p.unit,
      unitPrice: p.unitPrice,
      currency: p.currency,
      effectiveDate: p.effectiveDate,
      catalogRef: null,
      roundedFrom: null,
      createdBy: 'user:x',
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, p.createdSecond)).toISOString(),
    }),
  ),
);

const assumptions = fc.array(fc.option(amount, { nil: null }), { maxLength: 6 }).map((values) =>
  values.map(
    (value, i): CostAssumption => ({ id: uuid(i, '00000002'), name: `a${i}`, kind: 'usage', subjectId: null, value, unit: 'hours', label: 'declared', source: null, effectiveDate: '2025-01-01' }),
  ),
);

function sheetArbitrary() {
  return fc.tuple(prices, assumptions).chain(([priceList, assumptionList]) => {
    const usageLine = fc.oneof(
      amount.map((quantity) => ({ label: 'given', quantity, assumptionId: null, unit: null })),
      ...(assumptionList.length > 0 ? [fc.constantFrom(...assumptionList).map((a) => ({ label: 'assumed', quantity: null, assumptionId: a.id, unit: a.unit }))] : []),
    );
    const priceRef = fc.oneof(fc.constant(null), fc.constant(uuid(999, '00000001')), ...(priceList.length > 0 ? [fc.constantFrom(...priceList.map((p) => p.id))] : []));
    const resource = fc.record({
      elementId: fc.constantFrom(uuid(1, '00000003'), uuid(2, '00000003'), uuid(3, '00000003')),
      provider: fc.constantFrom(...providers),
      region: fc.constantFrom(...regions),
      sku: fc.option(fc.constantFrom(...skus), { nil: null }),
      quantity: fc.option(amount, { nil: null }),
      unit: fc.option(fc.constantFrom(...units), { nil: null }),
      priceRef,
      usage: fc.option(fc.array(usageLine, { maxLength: 3 }), { nil: null }),
    });
    return fc.record({
      resources: fc.array(resource, { maxLength: 30 }).map((list) =>
        list.map((r, i): CostResource => ({ ...r, id: uuid(i, '00000004'), name: `r${i}`, category: 'compute', factStatus: 'declared', provenance: null })),
      ),
      assumptions: fc.constant(assumptionList),
      prices: fc.constant(priceList),
      asOf: day,
      stalePriceAfterDays: fc.integer({ min: 1, max: 400 }),
      preferredCurrency: fc.constantFrom(...currencies),
    });
  });
}

describe('the estimate engine', () => {
  it('totals per currency are the exact sum of their lines, each line is price × quantity × usage, and every resource is counted once', () => {
    fc.assert(
      fc.property(sheetArbitrary(), (input: EstimateInput) => {
        const figures = estimateFigures(input);
        expect(figures.lines.length + figures.unpriced.length).toBe(input.resources.length);
        expect(new Set([...figures.lines, ...figures.unpriced].map((l) => l.resourceId)).size).toBe(input.resources.length);
        const values = new Map(input.assumptions.map((a) => [a.id, a.value]));
        for (const line of figures.lines) {
          const factors = line.usage.map((u) => (u.assumptionId === null ? u.quantity : values.get(u.assumptionId)!));
          expect(factors.every((f) => f !== null)).toBe(true);
          expect(sameAmount(line.monthlyCost, product([line.unitPrice, line.quantity, ...(factors as string[])]))).toBe(true);
          expect(line.effectiveDate <= input.asOf).toBe(true);
        }
        const currencies = [...new Set(figures.lines.map((l) => l.currency))].sort();
        expect(figures.totals.map((t) => t.currency)).toEqual(currencies);
        for (const total of figures.totals) {
          const lines = figures.lines.filter((l) => l.currency === total.currency);
          expect(total.lineCount).toBe(lines.length);
          expect(sameAmount(total.monthlyCost, sum(lines.map((l) => l.monthlyCost)))).toBe(true);
          const byElement = figures.byElement.flatMap((e) => e.totals.filter((t) => t.currency === total.currency).map((t) => t.monthlyCost));
          expect(sameAmount(total.monthlyCost, sum(byElement))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the resources or of the prices', () => {
    fc.assert(
      fc.property(sheetArbitrary(), fc.integer(), (input: EstimateInput, seed) => {
        const shuffle = <T>(list: readonly T[]) => {
          const copy = [...list];
          let s = seed;
          for (let i = copy.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) & 0x7fffffff;
            const j = s % (i + 1);
            [copy[i], copy[j]] = [copy[j]!, copy[i]!];
          }
          return copy;
        };
        const a = estimateFigures(input);
        const b = estimateFigures({ ...input, resources: shuffle(input.resources), prices: shuffle(input.prices) });
        expect(b.totals).toEqual(a.totals);
        expect(b.byElement).toEqual(a.byElement);
        expect(b.staleCount).toBe(a.staleCount);
        const byId = <T extends { resourceId: string }>(list: T[]) => [...list].sort((x, y) => (x.resourceId < y.resourceId ? -1 : 1));
        expect(byId(b.lines)).toEqual(byId(a.lines));
        expect(byId(b.unpriced)).toEqual(byId(a.unpriced));
      }),
      { numRuns: 200 },
    );
  });
});

describe('which price a resource uses', () => {
  const price = (over: Partial<PriceEntry>): PriceEntry => ({
    id: uuid(1, '00000001'),
    workspaceId: uuid(0, '0000000f'),
    source: 'custom',
    provider: 'azure',
    region: 'westeurope',
    sku: 'D2s v5',
    description: null,
    unit: '1 Hour',
    unitPrice: '0.1',
    currency: 'USD',
    effectiveDate: '2026-01-01',
    catalogRef: null,
    roundedFrom: null,
    createdBy: 'user:x',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });
  const resource = (over: Partial<CostResource> = {}): CostResource => ({
    id: uuid(1, '00000004'),
    elementId: uuid(1, '00000003'),
    name: 'vm',
    category: 'compute',
    provider: 'azure',
    region: 'westeurope',
    sku: 'D2s v5',
    quantity: '2',
    unit: null,
    priceRef: null,
    usage: null,
    factStatus: 'declared',
    provenance: null,
    ...over,
  });
  const pick = (r: CostResource, list: PriceEntry[], asOf = '2026-06-01', currency = 'USD') => choosePrice(r, indexPrices(list), asOf, currency);

  it('a lookup takes the latest price in force, in the workspace currency first', () => {
    const older = price({ id: uuid(1, 'a'), effectiveDate: '2026-01-01' });
    const newer = price({ id: uuid(2, 'a'), effectiveDate: '2026-03-01' });
    const future = price({ id: uuid(3, 'a'), effectiveDate: '2026-07-01' });
    const euro = price({ id: uuid(4, 'a'), effectiveDate: '2026-05-01', currency: 'EUR' });
    expect(pick(resource(), [older, newer, future, euro])).toMatchObject({ ok: true, origin: 'lookup', price: { id: newer.id } });
    expect(pick(resource(), [older, newer, future, euro], '2026-06-01', 'EUR')).toMatchObject({ ok: true, price: { id: euro.id } });
    expect(pick(resource(), [future])).toMatchObject({ ok: false, reason: 'price-not-yet-in-force', priceId: future.id });
    expect(pick(resource(), [])).toMatchObject({ ok: false, reason: 'no-matching-price', priceId: null });
  });

  it('a lookup matches region (null only null), and the unit when the resource gives one', () => {
    const noRegion = price({ id: uuid(1, 'b'), region: null });
    const perMonth = price({ id: uuid(2, 'b'), unit: '1/Month' });
    expect(pick(resource(), [noRegion])).toMatchObject({ ok: false, reason: 'no-matching-price' });
    expect(pick(resource({ region: null }), [noRegion, perMonth])).toMatchObject({ ok: true, price: { id: noRegion.id } });
    expect(pick(resource({ unit: '1/Month' }), [noRegion, perMonth])).toMatchObject({ ok: true, price: { id: perMonth.id } });
    expect(pick(resource({ unit: '1 Hour' }), [perMonth])).toMatchObject({ ok: false, reason: 'no-matching-price' });
  });

  it('a priceRef is used as it is, only once in force; a missing one or no SKU leaves the resource unpriced', () => {
    const named = price({ id: uuid(5, 'c'), effectiveDate: '2026-02-01', sku: 'other', provider: 'aws' });
    expect(pick(resource({ priceRef: named.id }), [named, price({})])).toMatchObject({ ok: true, origin: 'priceRef', price: { id: named.id } });
    expect(pick(resource({ priceRef: named.id }), [named], '2026-01-31')).toMatchObject({ ok: false, reason: 'price-not-yet-in-force' });
    expect(pick(resource({ priceRef: uuid(9, 'c') }), [price({})])).toMatchObject({ ok: false, reason: 'price-not-found' });
    expect(pick(resource({ sku: null }), [price({})])).toMatchObject({ ok: false, reason: 'no-sku' });
  });

  it('a price is stale when it took effect more than stalePriceAfterDays before asOf', () => {
    const input = (effectiveDate: string): EstimateInput => ({ resources: [resource()], assumptions: [], prices: [price({ effectiveDate })], asOf: '2026-03-31', stalePriceAfterDays: 90, preferredCurrency: 'USD' });
    // 2026-03-31 − 90 days = 2025-12-31.
    expect(estimateFigures(input('2025-12-31')).lines[0]!.stale).toBe(false);
    expect(estimateFigures(input('2025-12-30')).lines[0]!.stale).toBe(true);
    expect(estimateFigures(input('2025-12-30')).staleCount).toBe(1);
  });

  it('a usage line naming an assumption without value leaves the resource unpriced', () => {
    const assumption: CostAssumption = { id: uuid(7, 'd'), name: 'hours', kind: 'usage', subjectId: null, value: null, unit: 'h', label: 'declared', source: null, effectiveDate: '2026-01-01' };
    const figures = estimateFigures({
      resources: [resource({ usage: [{ label: 'hours', quantity: null, assumptionId: assumption.id, unit: 'h' }] })],
      assumptions: [assumption],
      prices: [price({})],
      asOf: '2026-06-01',
      stalePriceAfterDays: 90,
      preferredCurrency: 'USD',
    });
    expect(figures.lines).toEqual([]);
    expect(figures.unpriced).toMatchObject([{ reason: 'assumption-without-value', assumptionIds: [assumption.id] }]);
    expect(figures.totals).toEqual([]);
  });
});
