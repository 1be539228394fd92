import { pngLimits, svgToPngDataUrl } from './svg-to-png';

/** The bytes of a `data:…;base64,` URL as a Blob (a fetch of a data: URL would need CSP `connect-src data:`). */
function blobOfDataUrl(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A name the file systems accept, from a view name. */
export function pngFileName(viewName: string): string {
  const safe = viewName.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').trim();
  return `${safe === '' ? 'view' : safe}.png`;
}

/**
 * PNG of the service's SVG drawn by this browser (part 1: twice the SVG's
 * size, each side at most 8192 pixels) with the one routine of
 * lib/core/render/svg-to-png.ts, offered as a download named after the view.
 */
export async function downloadViewPng(svgText: string, viewName: string): Promise<void> {
  const url = URL.createObjectURL(blobOfDataUrl(await svgToPngDataUrl(svgText, pngLimits)));
  const link = document.createElement('a');
  link.href = url;
  link.download = pngFileName(viewName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
