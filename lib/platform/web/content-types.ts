import { extname } from 'node:path';

/** Content types of the files the web client's build writes, by extension. */
const contentTypes: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
});

/** Every media type a web client file may be served with (parameters left out), unknown kinds' included. */
export function webFileMediaTypes(): string[] {
  return [...new Set([...Object.values(contentTypes).map((type) => type.split(';')[0]!), 'application/octet-stream'])];
}

/** The content type a web client file is served with; unknown kinds go as bytes, which nosniff keeps from being read as anything else. */
export function contentTypeOf(fileName: string): string {
  return contentTypes[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether compressing a file of this type pays: text does, images and fonts are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^text\/|^application\/json|^image\/svg\+xml/.test(contentType);
}
