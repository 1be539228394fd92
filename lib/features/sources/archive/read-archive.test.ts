import { readdir } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { buildTar, buildTarGz, buildZip, withDeclaredSize, zeroFilledTarGz } from '../../../../test/support/archive-builders';
import { ArchiveFormatError, ArchiveRefusedError, ArchiveTooLargeError } from './archive-errors';
import { detectArchiveFormat } from './detect-archive-format';
import { type ArchiveInput, type ReadArchiveOptions, readArchive } from './read-archive';

const limit = { maxArchiveBytes: 1024 * 1024 };

/** Every entry with its text, reading each one. */
async function expand(input: ArchiveInput, options: ReadArchiveOptions = limit): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const entry of readArchive(input, options)) {
    const bytes = await entry.read();
    expect(bytes.length).toBe(entry.size);
    files[entry.path] = bytes.toString('utf8');
  }
  return files;
}

async function refusal(input: ArchiveInput, options: ReadArchiveOptions = limit): Promise<unknown> {
  try {
    await expand(input, options);
  } catch (error) {
    return error;
  }
  throw new Error('the archive was accepted');
}

const tree = [
  { name: 'README.md', data: '# shop\n' },
  { name: 'src/', type: 'directory' as const },
  { name: 'src/index.ts', data: 'export const a = 1;\n' },
  { name: 'src/lib/util.ts', data: 'export {};\n' },
];
const treeFiles = { 'README.md': '# shop\n', 'src/index.ts': 'export const a = 1;\n', 'src/lib/util.ts': 'export {};\n' };

describe('readArchive: tar.gz, tar and zip of a small tree', () => {
  it('yields the regular files of a tar.gz with their paths and contents', async () => {
    expect(await expand(await buildTarGz(tree))).toEqual(treeFiles);
  });

  it('reads a plain tar and a zip the same way', async () => {
    expect(await expand(await buildTar(tree))).toEqual(treeFiles);
    const zip = buildZip([{ name: 'README.md', data: '# shop\n' }, { name: 'src/', data: '' }, { name: 'src/index.ts', data: 'export const a = 1;\n', method: 'store' }, { name: 'src/lib/util.ts', data: 'export {};\n' }]);
    expect(await expand(zip)).toEqual(treeFiles);
  });

  it('accepts a web stream and a Node stream in small chunks, as a download gives them', async () => {
    const gz = await buildTarGz(tree);
    const pieces = Array.from({ length: Math.ceil(gz.length / 7) }, (_, i) => gz.subarray(i * 7, i * 7 + 7));
    expect(await expand(Readable.from(pieces))).toEqual(treeFiles);
    const zip = buildZip([{ name: 'a.txt', data: 'hello' }]);
    expect(await expand(new Blob([new Uint8Array(zip)]).stream())).toEqual({ 'a.txt': 'hello' });
  });

  it('skips an entry that is not read and still yields the ones after it', async () => {
    const seen: string[] = [];
    for await (const entry of readArchive(await buildTarGz(tree), limit)) {
      if (entry.path === 'src/index.ts') seen.push((await entry.read()).toString());
      else seen.push(entry.path);
    }
    expect(seen).toEqual(['README.md', 'export const a = 1;\n', 'src/lib/util.ts']);
  });

  it('skips the pax_global_header git archives begin with and strips the single top folder when asked', async () => {
    const gz = await buildTarGz(
      [{ name: 'acme-shop-0a1b2c3/', type: 'directory' }, ...tree.map((entry) => ({ ...entry, name: `acme-shop-0a1b2c3/${entry.name}` }))],
      { paxGlobalComment: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567' },
    );
    expect(await expand(gz, { ...limit, stripTopFolder: true })).toEqual(treeFiles);
    expect(Object.keys(await expand(gz))).toEqual(['acme-shop-0a1b2c3/README.md', 'acme-shop-0a1b2c3/src/index.ts', 'acme-shop-0a1b2c3/src/lib/util.ts']);
  });

  it('refuses an archive with a file outside the top folder it was asked to strip', async () => {
    const gz = await buildTarGz([{ name: 'top/a.txt', data: 'a' }, { name: 'other/b.txt', data: 'b' }]);
    const error = await refusal(gz, { ...limit, stripTopFolder: true });
    expect(error).toBeInstanceOf(ArchiveRefusedError);
    expect(error).toMatchObject({ entryPath: 'other/b.txt', reason: 'outside-top-folder' });
  });

  it('strips a zip top folder too, and normalises ./ and doubled slashes', async () => {
    const zip = buildZip([{ name: 'repo/' }, { name: 'repo/./a.txt', data: 'a' }, { name: 'repo//b/c.txt', data: 'c' }]);
    expect(await expand(zip, { ...limit, stripTopFolder: true })).toEqual({ 'a.txt': 'a', 'b/c.txt': 'c' });
  });
});

describe('readArchive: the expanded-size limit counts real bytes', () => {
  const bomb = Buffer.alloc(3 * 1024 * 1024, 0);

  it('refuses a tar.gz that inflates past the limit although its gzip trailer claims 100 bytes', async () => {
    const gz = await buildTarGz([{ name: 'zeros.bin', data: bomb }], { lyingSizeTrailer: 100 });
    expect(gz.length).toBeLessThan(10_000);
    const error = await refusal(gz);
    expect(error).toBeInstanceOf(ArchiveTooLargeError);
    expect((error as ArchiveTooLargeError).limitBytes).toBe(limit.maxArchiveBytes);
  });

  it('refuses while streaming, before the consumer has read past the limit, even when entries are skipped', async () => {
    const part = Buffer.alloc(700_000, 0);
    const gz = await buildTarGz([{ name: 'a.bin', data: part }, { name: 'b.bin', data: part }, { name: 'late.txt', data: 'never reached' }]);
    const seen: string[] = [];
    const run = async () => {
      for await (const entry of readArchive(gz, limit)) seen.push(entry.path);
    };
    await expect(run()).rejects.toBeInstanceOf(ArchiveTooLargeError);
    expect(seen).toEqual(['a.bin', 'b.bin']);
  });

  it('refuses a tar entry whose header alone declares more than the limit, before inflating any of it', async () => {
    // A header declaring 1 GiB, followed by 1 byte: refused as too large, not as cut short.
    const liar = withDeclaredSize(await buildTar([{ name: 'zeros.bin', data: 'x' }]), 2 ** 30);
    const seen: string[] = [];
    const run = async () => {
      for await (const entry of readArchive(gzipSync(liar), limit)) seen.push(entry.path);
    };
    await expect(run()).rejects.toBeInstanceOf(ArchiveTooLargeError);
    expect(seen).toEqual([]);
  });

  it('trips at the limit while a tar.gz of 960 MiB streams, its entries skipped or discarded, reading little past the limit', async () => {
    const maxArchiveBytes = 16 * 1024 * 1024;
    const files = Array.from({ length: 64 }, (_, i) => ({ name: `zeros-${i}.bin`, size: 15 * 1024 * 1024 }));
    for (const take of ['skip', 'discard'] as const) {
      const bomb = await zeroFilledTarGz(files);
      const seen: string[] = [];
      const run = async () => {
        for await (const entry of readArchive(bomb.stream, { maxArchiveBytes })) {
          seen.push(entry.path);
          if (take === 'discard') await entry.discard();
        }
      };
      await expect(run()).rejects.toBeInstanceOf(ArchiveTooLargeError);
      // The second file passes the limit while it streams; the bomb's maker stops soon after
      // (gzip runs ahead of the reader by what its buffers hold), far from its 960 MiB.
      expect(seen).toEqual(['zeros-0.bin', 'zeros-1.bin']);
      expect(bomb.tarBytesMade()).toBeLessThan(4 * maxArchiveBytes);
      expect(bomb.stream.destroyed).toBe(true);
    }
  });

  it('discard() checks an entry to its end like read() and keeps nothing; read() after it rejects', async () => {
    const zip = buildZip([{ name: 'liar.bin', data: bomb, declaredSize: 10 }]);
    const discardAll = async (input: ArchiveInput) => {
      for await (const entry of readArchive(input, limit)) await entry.discard();
    };
    await expect(discardAll(zip)).rejects.toMatchObject({ entryPath: 'liar.bin', reason: 'size-mismatch' });
    const gz = await buildTarGz([{ name: 'a.txt', data: 'x'.repeat(5000) }]);
    await expect(discardAll(gz.subarray(0, gz.length - 20))).rejects.toBeInstanceOf(ArchiveFormatError);
    for await (const entry of readArchive(await buildTarGz(tree), limit)) {
      await entry.discard();
      await expect(entry.read()).rejects.toThrow(/discarded/);
    }
    for await (const entry of readArchive(buildZip([{ name: 'a.txt', data: 'a' }]), limit)) {
      expect((await entry.read()).toString()).toBe('a');
      await entry.discard();
      expect((await entry.read()).toString()).toBe('a');
    }
  });

  it('refuses a zip whose entries declare more than the limit', async () => {
    const zip = buildZip([{ name: 'a.bin', data: bomb }]);
    expect(await refusal(zip)).toBeInstanceOf(ArchiveTooLargeError);
  });

  it('refuses a zip entry whose header understates what it inflates to', async () => {
    const zip = buildZip([{ name: 'small.txt', data: 'ok' }, { name: 'liar.bin', data: bomb, declaredSize: 10 }]);
    const error = await refusal(zip);
    expect(error).toBeInstanceOf(ArchiveRefusedError);
    expect(error).toMatchObject({ entryPath: 'liar.bin', reason: 'size-mismatch' });
  });

  it('accepts an archive just under the limit', async () => {
    const data = Buffer.alloc(100_000, 7);
    const files = await expand(await buildTarGz([{ name: 'a.bin', data }]), { maxArchiveBytes: 110_000 });
    expect(files['a.bin']?.length).toBe(100_000);
  });

  it('refuses a streamed zip larger than the limit before reading it, and deletes the spooled file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'svc-spool-test-'));
    const zip = buildZip([{ name: 'a.bin', data: Buffer.alloc(200_000, 1), method: 'store' }]);
    await expect(expand(Readable.from([zip]), { maxArchiveBytes: 100_000, temporaryDirectory: folder })).rejects.toBeInstanceOf(ArchiveTooLargeError);
    expect(await readdir(folder)).toEqual([]);
    await expand(Readable.from([buildZip([{ name: 'b.txt', data: 'b' }])]), { ...limit, temporaryDirectory: folder });
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('readArchive: unsafe entries refuse the whole archive', () => {
  const cases: [string, () => Promise<Buffer>, string, string][] = [
    ['a ../ path in a tar.gz', () => buildTarGz([{ name: 'ok.txt', data: 'x' }, { name: '../evil.txt', data: 'x' }]), '../evil.txt', 'path-traversal'],
    ['a nested ../ path in a zip', async () => buildZip([{ name: 'a/../../evil.txt', data: 'x' }]), 'a/../../evil.txt', 'path-traversal'],
    ['an absolute path in a tar', () => buildTar([{ name: '/etc/passwd', data: 'x' }]), '/etc/passwd', 'absolute-path'],
    ['an absolute path in a zip', async () => buildZip([{ name: '/etc/passwd', data: 'x' }]), '/etc/passwd', 'absolute-path'],
    ['a drive letter in a zip', async () => buildZip([{ name: 'C:/Windows/evil.dll', data: 'x' }]), 'C:/Windows/evil.dll', 'drive-letter'],
    ['a backslash in a zip', async () => buildZip([{ name: '..\\evil.txt', data: 'x' }]), '..\\evil.txt', 'backslash'],
    ['a symlink in a tar.gz', () => buildTarGz([{ name: 'link', type: 'symlink', linkname: '/etc/passwd' }]), 'link', 'symlink'],
    ['a symlink in a zip', async () => buildZip([{ name: 'link', data: '/etc/passwd', unixMode: 0o120777 }]), 'link', 'symlink'],
    ['a hard link in a tar', () => buildTar([{ name: 'a', data: 'x' }, { name: 'b', type: 'link', linkname: 'a' }]), 'b', 'hard-link'],
    ['a device in a tar', () => buildTar([{ name: 'dev', type: 'character-device' }]), 'dev', 'device'],
    ['a FIFO in a tar', () => buildTar([{ name: 'pipe', type: 'fifo' }]), 'pipe', 'fifo'],
    ['a folder whose header declares bytes in a tar', async () => withDeclaredSize(await buildTar([{ name: 'd/', type: 'directory' }, { name: 'd/a.txt', data: 'a' }]), 512), 'd/', 'size-mismatch'],
    ['a FIFO in a zip', async () => buildZip([{ name: 'pipe', unixMode: 0o010644 }]), 'pipe', 'fifo'],
    ['a path twice', () => buildTarGz([{ name: 'a.txt', data: '1' }, { name: './a.txt', data: '2' }]), './a.txt', 'duplicate-path'],
    ['a control character', async () => buildZip([{ name: 'a\nb.txt', data: 'x' }]), 'a\nb.txt', 'control-character'],
    ['an encrypted zip entry', async () => buildZip([{ name: 'secret.txt', data: 'x', encryptedFlag: true }]), 'secret.txt', 'encrypted'],
  ];
  for (const [title, build, entryPath, reason] of cases) {
    it(`refuses ${title}, naming the entry and why`, async () => {
      const error = await refusal(await build());
      expect(error).toBeInstanceOf(ArchiveRefusedError);
      expect(error).toMatchObject({ entryPath, reason });
      expect((error as Error).message).toContain('refused whole');
    });
  }

  it('yields nothing from a refused archive once the refusal is known (refusal comes before later entries)', async () => {
    const seen: string[] = [];
    const run = async () => {
      for await (const entry of readArchive(await buildTarGz([{ name: 'a.txt', data: 'a' }, { name: 'l', type: 'symlink', linkname: 'a.txt' }, { name: 'z.txt', data: 'z' }]), limit)) seen.push(entry.path);
    };
    await expect(run()).rejects.toBeInstanceOf(ArchiveRefusedError);
    expect(seen).toEqual(['a.txt']);
  });
});

describe('readArchive: what is not an archive', () => {
  it('refuses bytes of no known format, and a format other than the one expected', async () => {
    await expect(expand(Buffer.from('hello world'))).rejects.toBeInstanceOf(ArchiveFormatError);
    await expect(expand(Buffer.alloc(0))).rejects.toBeInstanceOf(ArchiveFormatError);
    await expect(expand(buildZip([{ name: 'a', data: 'a' }]), { ...limit, format: 'tar.gz' })).rejects.toThrow(/not a tar.gz archive \(they look like zip\)/);
  });

  it('refuses a tar.gz cut short and a zip cut short', async () => {
    const gz = await buildTarGz([{ name: 'a.txt', data: 'x'.repeat(5000) }]);
    await expect(expand(gz.subarray(0, gz.length - 20))).rejects.toBeInstanceOf(ArchiveFormatError);
    const zip = buildZip([{ name: 'a.txt', data: 'x'.repeat(5000) }]);
    await expect(expand(zip.subarray(0, zip.length - 30))).rejects.toBeInstanceOf(ArchiveFormatError);
  });

  it('passes on the failure of the input stream itself unchanged', async () => {
    const gz = await buildTarGz(tree);
    const cut = new Error('download stalled');
    async function* failing() {
      yield gz.subarray(0, 40);
      throw cut;
    }
    await expect(expand(Readable.from(failing()))).rejects.toBe(cut);
  });
});

describe('detectArchiveFormat', () => {
  it('tells gzip, zip, an empty zip and tar apart by their first bytes', async () => {
    expect(detectArchiveFormat(Buffer.from([0x1f, 0x8b, 0x08]))).toBe('tar.gz');
    expect(detectArchiveFormat(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip');
    expect(detectArchiveFormat(buildZip([]))).toBe('zip');
    expect(detectArchiveFormat(await buildTar([{ name: 'a', data: 'a' }]))).toBe('tar');
    expect(detectArchiveFormat(Buffer.from('PK'))).toBeNull();
    expect(detectArchiveFormat(Buffer.from('{"a":1}'))).toBeNull();
  });
});
