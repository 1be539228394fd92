import { describe, expect, it } from 'vitest';
import { extractFiles, type FileEntry, type ScanEntry } from './extract-files';
import { extractors } from './extractor-registry';
import type { Extractor } from './file-facts';

interface CountedEntry extends FileEntry {
  reads: number;
}

function file(path: string, content: string | Uint8Array, listedSize?: number): CountedEntry {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const entry: CountedEntry = {
    path,
    size: listedSize ?? bytes.byteLength,
    reads: 0,
    read: async () => {
      entry.reads++;
      return bytes;
    },
  };
  return entry;
}

const dockerfile = 'FROM node:20\n';

describe('extractFiles', () => {
  it('never reads an excluded, refused, repeated or secret-named file, and names why', async () => {
    const entries = [
      file('node_modules/x/package.json', '{}'),
      file('../escape/Dockerfile', dockerfile),
      file('.env.production', 'A=b'),
      file('keys/server.pem', 'x'),
      file('web/app.min.js', 'x'),
      file('api/Dockerfile', dockerfile),
      file('./api/Dockerfile', 'FROM python:3\n'),
    ];
    const result = await extractFiles(entries, { scope: { includePaths: [], excludePaths: [], excludeGlobs: ['**/*.min.*'] } });
    expect(entries.map((entry) => entry.reads)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(result.skipped).toEqual([
      { path: '../escape/Dockerfile', reason: 'invalid-path' },
      { path: '.env.production', reason: 'secret' },
      { path: 'api/Dockerfile', reason: 'invalid-path' },
      { path: 'keys/server.pem', reason: 'secret' },
      { path: 'node_modules/x/package.json', reason: 'excluded' },
      { path: 'web/app.min.js', reason: 'excluded' },
    ]);
    expect(result.facts).toMatchObject([{ key: 'element:app:api', technology: 'Node.js' }]);
    expect(result).toMatchObject({ filesListed: 7, filesRead: 1, bytesRead: dockerfile.length, isComplete: true, extractionGap: null });
  });

  it('clears content before any extractor sees it: a file holding a private key gives no fact and no blob SHA', async () => {
    const compose = 'services:\n  db:\n    image: postgres\n# -----BEGIN EC PRIVATE KEY-----\n';
    const result = await extractFiles([file('docker-compose.yml', compose)]);
    expect(result.skipped).toEqual([{ path: 'docker-compose.yml', reason: 'secret' }]);
    expect(result.facts).toEqual([]);
    expect(result.blobShas).toEqual({});
    expect(result.filesRead).toBe(1);
  });

  it('skips binary and non-UTF-8 files after reading them, and gives git blob SHAs of the rest', async () => {
    const result = await extractFiles([file('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])), file('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])), file('empty.txt', ''), file('hello.txt', 'hello\n')]);
    expect(result.skipped).toEqual([
      { path: 'latin1.txt', reason: 'not-utf8' },
      { path: 'logo.png', reason: 'binary' },
    ]);
    // As `git hash-object` gives them.
    expect(result.blobShas).toEqual({ 'empty.txt': 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391', 'hello.txt': 'ce013625030ba8dba906f756967f9e9ca394464a' });
    expect(result.isComplete).toBe(true);
  });

  it('is partial when a limit skipped a file that may hold facts, and says which limit', async () => {
    const limits = { maxFiles: 3, maxFileBytes: 20, maxTotalBytes: 30 };
    const result = await extractFiles(
      [
        file('big/Dockerfile', `${dockerfile}${'#'.repeat(20)}`),
        file('a/Dockerfile', dockerfile),
        file('b/Dockerfile', dockerfile),
        // 13 + 13 + 13 bytes would pass 30; the next, smaller file still fits.
        file('c/Dockerfile', dockerfile),
        file('c/notes.txt', 'x'),
        file('d/Dockerfile', dockerfile),
      ],
      { limits },
    );
    expect(result.skipped).toEqual([
      { path: 'big/Dockerfile', reason: 'too-large' },
      { path: 'c/Dockerfile', reason: 'total-limit' },
      { path: 'd/Dockerfile', reason: 'file-limit' },
    ]);
    expect(result).toMatchObject({ isComplete: false, filesRead: 3, bytesRead: 27 });
    expect(result.extractionGap).toBe(
      '1 file that may hold facts larger than import.maxFileBytes (20 bytes); 1 file that may hold facts not read after import.maxFiles (3) files; 1 file that may hold facts not read within import.maxTotalBytes (30 bytes)',
    );
    expect(result.facts.map((fact) => fact.key)).toEqual(['element:app:a', 'element:app:b']);
  });

  it('stays complete when only files no rule reads were over a limit', async () => {
    const result = await extractFiles([file('assets/video.mp4', Buffer.alloc(100, 1)), file('Dockerfile', dockerfile)], { limits: { maxFiles: 10, maxFileBytes: 50, maxTotalBytes: 50 } });
    expect(result.skipped).toEqual([{ path: 'assets/video.mp4', reason: 'too-large' }]);
    expect(result.isComplete).toBe(true);
  });

  it('checks the limits again on the bytes read: a file that grew since listing', async () => {
    const result = await extractFiles([file('Dockerfile', `${dockerfile}${'#'.repeat(100)}`, 5)], { limits: { maxFiles: 10, maxFileBytes: 50, maxTotalBytes: 50 } });
    expect(result.skipped).toEqual([{ path: 'Dockerfile', reason: 'too-large' }]);
    expect(result).toMatchObject({ isComplete: false, filesRead: 0, bytesRead: 0 });
  });

  it('is partial after a failed read or an unlistable directory, not after a FIFO', async () => {
    const failing: FileEntry = { path: 'svc/Dockerfile', size: 3, read: () => Promise.reject(new Error('EACCES')) };
    const entries: ScanEntry[] = [failing, { path: 'run/pipe', failure: 'not-a-regular-file' }];
    const fifoOnly = await extractFiles([{ path: 'run/pipe', failure: 'not-a-regular-file' }]);
    expect(fifoOnly).toMatchObject({ skipped: [{ path: 'run/pipe', reason: 'read-failure' }], isComplete: true, filesListed: 1 });
    const failed = await extractFiles(entries);
    expect(failed).toMatchObject({ isComplete: false, extractionGap: '1 file could not be read: svc/Dockerfile' });
    const unlistable = await extractFiles([{ path: 'private', failure: 'unlistable-directory' }]);
    expect(unlistable).toMatchObject({ isComplete: false, filesListed: 0, extractionGap: '1 directory could not be listed: private', skipped: [{ path: 'private', reason: 'read-failure' }] });
  });

  it('keeps a scan going when an extractor throws; the others still read the file', async () => {
    const broken: Extractor = { name: 'broken', version: 1, mayRead: () => true, extract: () => { throw new Error('bug'); }, tables: {} };
    const result = await extractFiles([file('Dockerfile', dockerfile)], { extractors: [broken, ...extractors] });
    expect(result.facts).toMatchObject([{ key: 'element:app:app' }]);
  });

  it('reads from an async source as from a list', async () => {
    async function* listing() {
      yield file('orders/package.json', '{"name":"orders"}');
    }
    const result = await extractFiles(listing(), { rootAppName: 'shop' });
    expect(result.facts).toMatchObject([{ key: 'element:app:orders' }]);
  });
});
