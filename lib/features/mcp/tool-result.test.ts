import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolOutput } from './agent-tool';
import { maxToolResultBytes, toolResultText } from './tool-result';

type Item = { id: string; text: string };

const base = { projectId: '00000000-0000-4000-8000-000000000001', truth: 'declared', truthNote: 'model data' };

/** One page of a list tool over `all`, from `start`, as find_elements builds it; the cursor is the position after an item. */
function page(all: Item[], start: number, limit: number, notice?: string): ToolOutput {
  const items = all.slice(start, start + limit);
  const positionOf = new Map(all.map((item, i) => [item, i]));
  return {
    ...base,
    data: { elements: items },
    nextCursor: start + limit < all.length ? String(start + limit) : null,
    ...(notice === undefined ? {} : { notice }),
    pagedList: { member: 'elements', cursorAfter: (item) => String(positionOf.get(item as Item)! + 1) },
  };
}

/** Pages through `all` as an agent would, following nextCursor; every answer is checked for size. */
function readAll(all: Item[], limit: number) {
  const seen: string[] = [];
  const notices: string[] = [];
  let start: number | null = 0;
  for (let calls = 0; start !== null; calls++) {
    if (calls > all.length + 5) throw new Error('paging does not end');
    const text = toolResultText(page(all, start, limit));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxToolResultBytes);
    const result = JSON.parse(text) as { data: { elements: Item[] }; nextCursor: string | null; notice: string | null };
    seen.push(...result.data.elements.map((item) => item.id));
    if (result.notice) notices.push(result.notice);
    start = result.nextCursor === null ? null : Number(result.nextCursor);
  }
  return { seen, notices };
}

const item = (id: string, bytes: number): Item => ({ id, text: 'x'.repeat(bytes) });

describe('toolResultText', () => {
  it('answers a result under the limit whole', () => {
    const output = page([item('a', 10)], 0, 50);
    expect(JSON.parse(toolResultText(output))).toEqual({ ...base, data: { elements: [{ id: 'a', text: 'x'.repeat(10) }] }, nextCursor: null, notice: null });
  });

  it('cuts a page to what fits and resumes after the last item kept', () => {
    const all = Array.from({ length: 6 }, (_, i) => item(`i${i}`, 30_000));
    const { seen, notices } = readAll(all, 6);
    expect(seen).toEqual(all.map((x) => x.id));
    expect(notices[0]).toMatch(/^Cut to fit 100000 bytes: data.elements holds 3 of 6 items of this page/);
  });

  it('an item over the limit by itself is left out by name, and paging goes on after it: its neighbours are not lost', () => {
    const all = [item('small', 10), item('huge', 150_000), item('after1', 10), item('after2', 10)];
    const { seen, notices } = readAll(all, 3);
    expect(seen).toEqual(['small', 'after1', 'after2']);
    expect(notices.some((n) => n.includes('the item huge of data.elements is over the limit by itself and is left out'))).toBe(true);
  });

  it('the last item over the limit by itself: named, and no cursor promised when nothing follows', () => {
    const text = toolResultText(page([item('huge', 150_000)], 0, 50));
    const result = JSON.parse(text);
    expect(result.data.elements).toEqual([]);
    // The cursor resumes after the huge item: the next page is empty and ends the list.
    expect(result.nextCursor).toBe('1');
    expect(JSON.parse(toolResultText(page([item('huge', 150_000)], 1, 50))).data.elements).toEqual([]);
  });

  it('keeps what the tool noted (a list capped at 200) next to what the cut did', () => {
    const output: ToolOutput = {
      ...base,
      data: { element: { id: 'e' }, inboundRelationships: Array.from({ length: 200 }, (_, i) => item(`r${i}`, 1_000)) },
      nextCursor: null,
      notice: 'inboundRelationships hold more than 200 items; the first 200 by ID are shown.',
    };
    const result = JSON.parse(toolResultText(output));
    expect(result.notice).toMatch(/^inboundRelationships hold more than 200 items; the first 200 by ID are shown\. Cut to fit 100000 bytes: data.inboundRelationships holds the first \d+ of the 200 items shown/);
  });

  it('never answers over the limit: a record too large by itself leaves data out and says so', () => {
    const output: ToolOutput = { ...base, data: { element: { id: 'e', description: 'd'.repeat(150_000), tags: [] } }, nextCursor: null };
    const text = toolResultText(output);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxToolResultBytes);
    const result = JSON.parse(text);
    expect(result.data).toEqual({});
    expect(result.notice).toMatch(/data is left out/);
  });

  it('paging any list of any item sizes returns every item that fits, in order, each answer within the limit', () => {
    // Sizes stay clear of the few hundred bytes where a notice decides whether one item fits.
    const size = fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 100_500, max: 120_000 }));
    fc.assert(
      fc.property(fc.array(size, { minLength: 0, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (sizes, limit) => {
        const all = sizes.map((bytes, i) => item(`i${i}`, bytes));
        const { seen } = readAll(all, limit);
        // An item over the limit by itself is the only kind left out.
        expect(seen).toEqual(all.filter((x) => x.text.length < 100_000).map((x) => x.id));
      }),
      { numRuns: 60 },
    );
  });
});
