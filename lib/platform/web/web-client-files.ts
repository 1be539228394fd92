import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ContentCoding } from './accept-encoding';
import { contentTypeOf, isCompressible } from './content-types';

/** One file of the built web client, held in memory (they are build artefacts, the same for every request). */
export interface WebFile {
  /** The path it is served at: `/index.html`, `/assets/main-HASH.js`. */
  path: string;
  body: Buffer;
  contentType: string;
  /** A strong validator: the start of the content's SHA-256. */
  etag: string;
  /** Named by its content's hash: it never changes, so it may be cached for a year. */
  immutable: boolean;
  compressible: boolean;
  /** Compressed bodies, made on first demand and kept. */
  encoded: Map<Exclude<ContentCoding, 'identity'>, Buffer>;
}

/** The built web client (`dist/web`): index.html and every file under assets/. */
export interface WebClientFiles {
  directory: string;
  index: WebFile;
  /** By served path, `/assets/…`. */
  assets: ReadonlyMap<string, WebFile>;
}

/** A file held in memory with its content type, validator and (lazily) compressed bodies. */
export function webFile(path: string, body: Buffer, immutable: boolean): WebFile {
  const contentType = contentTypeOf(path);
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { path, body, contentType, etag: `"${digest}"`, immutable, compressible: isCompressible(contentType), encoded: new Map() };
}

/**
 * Reads the built client from `directory` (index.html and assets/), or
 * answers null when there is no index.html there (not built). Every file
 * under assets/ carries its content hash in its name (web/web-bundle.mjs).
 */
export async function readWebClientFiles(directory: string): Promise<WebClientFiles | null> {
  let index: Buffer;
  try {
    index = await readFile(join(directory, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
  const assetsDirectory = join(directory, 'assets');
  const assets = new Map<string, WebFile>();
  const entries = await readdir(assetsDirectory, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/assets/${relative(assetsDirectory, file).split(sep).join('/')}`;
    assets.set(path, webFile(path, await readFile(file), true));
  }
  return { directory, index: webFile('/index.html', index, false), assets };
}

/** The body of `file` in `coding`, compressed once and kept (at the strongest setting: it is done once per process). */
export function encodedBody(file: WebFile, coding: ContentCoding): Buffer {
  if (coding === 'identity') return file.body;
  let body = file.encoded.get(coding);
  if (!body) {
    body =
      coding === 'br'
        ? brotliCompressSync(file.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length } })
        : gzipSync(file.body, { level: 9 });
    file.encoded.set(coding, body);
  }
  return body;
}
