/**
 * PNG of an SVG export, made by the browser (part 1 "Diagram and model
 * exports": "There is no PNG endpoint: the browser draws the SVG at twice its
 * size, each side at most 8192 pixels"; "Limits": generated PNG side 8192).
 *
 * `svgToPngDataUrl` runs in a web page, not in Node: it uses the page's Image,
 * canvas and DOMParser. Its source is self-contained (no imports, no helpers
 * from this module), so a test can hand it to a browser as it is
 * (`page.evaluate(svgToPngDataUrl, [svg, pngLimits])`).
 */

/** Part 1: twice the SVG's size, each side at most 8192 pixels. */
export const pngLimits = Object.freeze({ scale: 2, maxSide: 8192 });

// The few browser types the routine uses: the renderers' browser test (lib/core/render) compiles it without the DOM library.
interface PageImage {
  onload: (() => void) | null;
  onerror: (() => void) | null;
  src: string;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
}
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { drawImage(image: PageImage, x: number, y: number, width: number, height: number): void } | null;
  toDataURL(type: 'image/png'): string;
}
interface PageGlobals {
  Image: new () => PageImage;
  DOMParser: new () => { parseFromString(text: string, type: 'image/svg+xml'): { documentElement: { getAttribute(name: string): string | null } } };
  document: { createElement(name: 'canvas'): PageCanvas };
}

/**
 * Draws an SVG document on a canvas at `limits.scale` times its width and
 * height (its `width`/`height` attributes, else the image's natural size),
 * scaled down together when a side would pass `limits.maxSide`, and returns
 * the PNG as a `data:image/png;base64,…` URL. The SVG is loaded as a data: URL: a blob: URL taints the canvas.
 *
 * @example
 * // in the web client
 * const png = await svgToPngDataUrl(await (await fetch(svgUrl)).text(), pngLimits);
 * link.href = png;
 */
export async function svgToPngDataUrl(svg: string, limits: { scale: number; maxSide: number } = { scale: 2, maxSide: 8192 }): Promise<string> {
  const page = globalThis as unknown as PageGlobals;
  const root = new page.DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const image = new page.Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the SVG did not load as an image (it must be well-formed XML with xmlns, width and height)'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
  const attribute = (name: string, fallback: number): number => {
    const value = Number.parseFloat(root.getAttribute(name) ?? '');
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const width = attribute('width', image.naturalWidth);
  const height = attribute('height', image.naturalHeight);
  if (!(width > 0 && height > 0)) throw new Error('the SVG has no size');
  const scale = Math.min(limits.scale, limits.maxSide / width, limits.maxSide / height);
  const canvas = page.document.createElement('canvas');
  canvas.width = Math.max(1, Math.min(limits.maxSide, Math.floor(width * scale)));
  canvas.height = Math.max(1, Math.min(limits.maxSide, Math.floor(height * scale)));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas in this browser');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}
