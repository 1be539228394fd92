import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebClientFiles, type WebClientFiles } from './web-client-files';
import { findWebClientFiles } from './web-client-location';
import { webClientContentSecurityPolicy, webFileResponse } from './web-file-response';

describe('web client files', () => {
  let directory: string;
  let files: WebClientFiles;
  const script = `console.log(${JSON.stringify('svc '.repeat(200))});\n`;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'svc-web-'));
    await mkdir(join(directory, 'assets'));
    await writeFile(join(directory, 'index.html'), '<!doctype html><script type="module" src="/assets/main-ABC123.js"></script>');
    await writeFile(join(directory, 'assets', 'main-ABC123.js'), script);
    await writeFile(join(directory, 'assets', 'logo-XYZ.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    files = (await readWebClientFiles(directory))!;
  });

  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('reads index.html and every file under assets/ by the path it is served at', () => {
    expect(files.index.contentType).toBe('text/html; charset=utf-8');
    expect([...files.assets.keys()].sort()).toEqual(['/assets/logo-XYZ.png', '/assets/main-ABC123.js']);
    expect(files.assets.get('/assets/main-ABC123.js')!.contentType).toBe('text/javascript; charset=utf-8');
  });

  it('answers null for a folder with no built client, and the first built one of several', async () => {
    expect(await readWebClientFiles(join(directory, 'nothing'))).toBeNull();
    expect(await findWebClientFiles([join(directory, 'nothing'), directory])).toMatchObject({ directory });
    expect(await findWebClientFiles([join(directory, 'nothing')])).toBeNull();
  });

  it('a hashed file is cached for a year, index.html revalidated each time; both under the strict policy', () => {
    const asset = webFileResponse(files.assets.get('/assets/main-ABC123.js')!, {});
    expect(asset.headers).toMatchObject({ 'cache-control': 'public, max-age=31536000, immutable', 'content-security-policy': webClientContentSecurityPolicy });
    expect(asset.body).toEqual(Buffer.from(script));
    const index = webFileResponse(files.index, {});
    expect(index.headers).toMatchObject({ 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' });
    expect(webClientContentSecurityPolicy).toContain("script-src 'self'");
    expect(webClientContentSecurityPolicy).not.toContain('unsafe');
  });

  it('sends brotli or gzip as accepted, each coding with its own ETag, and text only', () => {
    const file = files.assets.get('/assets/main-ABC123.js')!;
    const br = webFileResponse(file, { 'accept-encoding': 'gzip, br' });
    const gzip = webFileResponse(file, { 'accept-encoding': 'gzip' });
    const plain = webFileResponse(file, {});
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(script);
    expect(gunzipSync(gzip.body as Buffer).toString()).toBe(script);
    expect((br.body as Buffer).length).toBeLessThan(script.length / 5);
    expect([br.headers!['content-encoding'], gzip.headers!['content-encoding'], plain.headers!['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    expect(new Set([br.headers!.etag, gzip.headers!.etag, plain.headers!.etag]).size).toBe(3);
    expect(br.headers!.vary).toBe('accept-encoding');
    const image = webFileResponse(files.assets.get('/assets/logo-XYZ.png')!, { 'accept-encoding': 'br' });
    expect(image.headers!['content-encoding']).toBeUndefined();
    expect(image.headers!.vary).toBeUndefined();
  });

  it('answers 304 without a body when If-None-Match names the file as it is, in any coding', () => {
    const file = files.assets.get('/assets/main-ABC123.js')!;
    const gzipTag = webFileResponse(file, { 'accept-encoding': 'gzip' }).headers!.etag!;
    for (const tag of [file.etag, gzipTag, `W/${gzipTag}`, `"other", ${file.etag}`, '*']) {
      const answer = webFileResponse(file, { 'if-none-match': tag, 'accept-encoding': 'gzip' });
      expect(answer.status, tag).toBe(304);
      expect(answer.body).toBeUndefined();
      expect(answer.headers!.etag).toBe(gzipTag);
    }
    expect(webFileResponse(file, { 'if-none-match': '"other"' }).status).toBe(200);
    expect(webFileResponse(file, { 'if-none-match': files.index.etag }).status).toBe(200);
  });
});
