import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderViewFlowchart } from './render-view-flowchart';
import { renderViewSvg } from './render-view-svg';
import { chromiumMissing, launchChromium, pngFromDataUrl, pngSize } from '../../../test/support/render-checks';
import { nastyModel } from '../../../test/support/render-arbitraries';
import { revisionSource, shopModel, shopViews } from '../../../test/support/render-fixtures';
import { pngLimits, svgToPngDataUrl } from '../../../web/src/screens/views/svg-to-png';
import { playScenario } from '../playback/play-scenario';
import { renderTraceSequence, sequenceParticipants } from './render-trace-sequence';
import { sequenceScenarios, sequenceShopModel } from '../../../test/support/trace-sequence-fixtures';

// Globals of the functions that run in the page (lib/ compiles without the DOM library, on purpose).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: unknown;
declare const document: any;
declare const Image: any;
declare const DOMParser: any;
declare const XMLSerializer: any;

if (chromiumMissing) console.log(`render-in-browser: browser tests skipped: ${chromiumMissing}`);

const mermaidScript = fileURLToPath(new URL('../../../node_modules/mermaid/dist/mermaid.min.js', import.meta.url));
const samplePicture = fileURLToPath(new URL('../../../docs/sample-view.png', import.meta.url));

interface PageApi {
  svgToPngDataUrl: typeof svgToPngDataUrl;
  mermaid: { initialize(config: object): void; render(id: string, text: string): Promise<{ svg: string }> };
}

describe.skipIf(chromiumMissing !== null)('in headless chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    // The routine exactly as the web client gets it: its own source, run in the page.
    await page.addScriptTag({ content: `window.svgToPngDataUrl = ${svgToPngDataUrl.toString()};` });
    await page.addScriptTag({ path: mermaidScript });
    await page.evaluate(() => (window as unknown as PageApi).mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Draws an SVG with svgToPngDataUrl in the page; the PNG's size and how many colours a 64-by-64 sample of it has. */
  async function draw(svg: string, limits: { scale: number; maxSide: number } = pngLimits): Promise<{ png: Buffer; width: number; height: number; colours: number; corner: number[] }> {
    const url = await page.evaluate(([text, l]) => (window as unknown as PageApi).svgToPngDataUrl(text, l), [svg, limits] as const);
    const png = pngFromDataUrl(url);
    const stats = await page.evaluate(async (dataUrl) => {
      const image = new Image();
      await new Promise((resolve, reject) => {
        image.onload = resolve;
        image.onerror = reject;
        image.src = dataUrl;
      });
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const colours = new Set<string>();
            for (let y = 0; y < 64; y++) {
        for (let x = 0; x < 64; x++) {
          const [r, g, b] = context.getImageData(Math.floor((x * canvas.width) / 64), Math.floor((y * canvas.height) / 64), 1, 1).data;
          colours.add(`${r},${g},${b}`);
        }
      }
      return { colours: colours.size, corner: [...context.getImageData(1, 1, 1, 1).data] };
    }, url);
    return { png, ...pngSize(png), ...stats };
  }

  it('draws each SVG export of the shop at twice its size, with the dark background and content on it', async () => {
    const model = shopModel();
    for (const view of shopViews()) {
      const svg = renderViewSvg({ model, view, source: revisionSource });
      const width = Number(/ width="(\d+)"/.exec(svg)![1]);
      const height = Number(/ height="(\d+)"/.exec(svg)![1]);
      const drawn = await draw(svg);
      expect([drawn.width, drawn.height]).toEqual([width * 2, height * 2]);
      expect(drawn.corner).toEqual([11, 17, 32, 255]);
      expect(drawn.colours).toBeGreaterThan(8);
      if (view.name === 'Landscape, arranged' && (process.env.UPDATE_GOLDEN === '1' || !existsSync(samplePicture))) writeFileSync(samplePicture, drawn.png);
    }
  });

  it('keeps each side of the PNG at most 8192 pixels, scaling both sides together', async () => {
    const box = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#0b1120"/><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 3}" fill="#2dd4bf"/></svg>`;
    expect(await draw(box(10_000, 3000))).toMatchObject({ width: 8192, height: 2457 });
    expect(await draw(box(5000, 100))).toMatchObject({ width: 8192, height: 163 });
    expect(await draw(box(100, 9000))).toMatchObject({ width: 91, height: 8192 });
    expect(await draw(box(4096, 4096))).toMatchObject({ width: 8192, height: 8192 });
    expect(await draw(box(300, 200))).toMatchObject({ width: 600, height: 400 });
  });

  it('refuses an SVG the browser cannot load', async () => {
    await expect(page.evaluate((text) => (window as unknown as PageApi).svgToPngDataUrl(text, { scale: 2, maxSide: 8192 }), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect></svg>')).rejects.toThrow(/did not load/);
  });

  it('renders the flowchart exports with mermaid, every node label shown as text', async () => {
    const model = shopModel();
    let shown = 0;
    for (const [i, view] of shopViews().entries()) {
      const text = renderViewFlowchart({ model, view, source: revisionSource });
      const labels = await renderMermaid(`shop${i}`, text);
      const expected = [...text.matchAll(/^ +\w+[([]+"([^"]*)<br\/>/gm)].map((m) => m[1]!.replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))));
      for (const name of expected) expect(labels.some((label) => label.startsWith(name))).toBe(true);
      shown += expected.length;
    }
    expect(shown).toBe(14);
  });

  it('draws a rendered flowchart on a canvas once serialised as XML', async () => {
    const text = renderViewFlowchart({ model: shopModel(), view: shopViews()[1]!, source: revisionSource });
    const svg = await page.evaluate(async (source) => {
      const { svg } = await (window as unknown as PageApi).mermaid.render('drawn', source);
      const holder = document.createElement('div');
      holder.innerHTML = svg;
      const root = holder.querySelector('svg')!;
      const [, , width, height] = root.getAttribute('viewBox')!.split(/\s+/).map(Number);
      root.setAttribute('width', String(Math.ceil(width!)));
      root.setAttribute('height', String(Math.ceil(height!)));
      return new XMLSerializer().serializeToString(root);
    }, text);
    const drawn = await draw(svg);
    expect(drawn.width).toBeGreaterThan(100);
    expect(drawn.colours).toBeGreaterThan(2);
  });

  /** Renders a flowchart with mermaid in the page; the text of its node labels. Fails on script elements or event attributes. */
  async function renderMermaid(id: string, text: string): Promise<string[]> {
    return page.evaluate(
      async ([diagramId, source]) => {
        const { svg } = await (window as unknown as PageApi).mermaid.render(diagramId, source);
        const holder = document.createElement('div');
        holder.innerHTML = svg;
        if (holder.querySelector('script')) throw new Error('a script element in the rendered flowchart');
        for (const node of holder.querySelectorAll('*')) for (const attribute of node.getAttributeNames()) if (attribute.startsWith('on')) throw new Error(`event attribute ${attribute}`);
        return [...holder.querySelectorAll('.nodeLabel')].map((node) => node.textContent ?? '');
      },
      [id, text] as const,
    );
  }

  it('renders the sequence diagram of each fixture run to SVG, with every participant and message shown', async () => {
    const model = sequenceShopModel();
    for (const [name, scenario] of Object.entries(sequenceScenarios())) {
      const run = playScenario({ model, modelVersion: 3, scenario });
      const text = renderTraceSequence({ scenario, run, participants: sequenceParticipants(model, scenario, run) });
      const drawn = await page.evaluate(
        async ([diagramId, source]) => {
          const { svg } = await (window as unknown as PageApi).mermaid.render(diagramId, source);
          const holder = document.createElement('div');
          holder.innerHTML = svg;
          if (holder.querySelector('script')) throw new Error('a script element in the rendered diagram');
          const texts = [...holder.querySelectorAll('text')].map((node) => (node.textContent ?? '') as string);
          const root = holder.querySelector('svg')!;
          return { root: root.tagName as string, viewBox: root.getAttribute('viewBox') as string, texts };
        },
        [`sequence-${name}`, text] as const,
      );
      expect(drawn.root).toBe('svg');
      const [, , width, height] = drawn.viewBox.split(/\s+/).map(Number);
      expect(width).toBeGreaterThan(100);
      expect(height).toBeGreaterThan(100);
      const shown = drawn.texts.join('\n');
      for (const id of new Set(run.events.flatMap((e) => [e.from, e.to]).filter((id) => id !== null))) expect(shown, name).toContain(run.labels[id!]!);
      for (const event of run.events.filter((e) => e.kind === 'RequestSent')) expect(shown).toContain(`[${event.atMs} ms] ${run.labels[event.target!]}`);
    }
  });

  it('draws adversarial SVG and flowchart exports', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(nastyModel(), async ({ model, views }) => {
        for (const view of views) {
          const svg = renderViewSvg({ model, view, source: revisionSource });
          const parsed = await page.evaluate((text) => new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror')?.textContent ?? null, svg);
          expect(parsed).toBeNull();
          const drawn = await draw(svg);
          expect(drawn.width).toBeLessThanOrEqual(8192);
          expect(drawn.height).toBeLessThanOrEqual(8192);
          expect(drawn.corner).toEqual([11, 17, 32, 255]);
          await renderMermaid(`nasty${run++}`, renderViewFlowchart({ model, view, source: revisionSource }));
        }
      }),
      { numRuns: Number(process.env.FC_BROWSER_RUNS ?? 25) },
    );
  }, 300_000);
});
