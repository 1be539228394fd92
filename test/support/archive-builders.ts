import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { constants as zlibConstants, crc32, createGzip, deflateRawSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';

/**
 * Builders of archives for tests: tar and tar.gz through tar-stream, and zip
 * by hand (no zip writer is a dependency, and a hand-made zip can carry the
 * lies and oddities the reader must refuse: understated sizes, symlink modes,
 * `../` names).
 */

export interface TarEntrySpec {
  name: string;
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'fifo' | 'character-device' | 'block-device';
  data?: Buffer | string;
  linkname?: string;
}

/** A tar stream (uncompressed) of the given entries, a pax global header first when `paxGlobalComment` is set. */
export async function buildTar(entries: TarEntrySpec[], options: { paxGlobalComment?: string } = {}): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = (async () => {
    for await (const chunk of pack) chunks.push(Buffer.from(chunk as Buffer));
  })();
  if (options.paxGlobalComment !== undefined) {
    // What `git archive` writes first: a pax global header named pax_global_header holding the
    // commit. tar-stream packs no body for that type, so it is packed as a file and retyped below.
    pack.entry({ name: 'pax_global_header', type: 'file', mode: 0o666 }, paxRecord('comment', options.paxGlobalComment));
  }
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    const data = type === 'file' ? Buffer.from(entry.data ?? '') : undefined;
    if (data) pack.entry({ name: entry.name, type, mode: 0o644 }, data);
    else pack.entry({ name: entry.name, type, linkname: entry.linkname, mode: type === 'directory' ? 0o755 : 0o644 });
  }
  pack.finalize();
  await done;
  const archive = Buffer.concat(chunks);
  if (options.paxGlobalComment !== undefined) retypeFirstHeader(archive, 'g');
  return archive;
}

/** Sets the type flag of the first tar header and writes its checksum again. */
function retypeFirstHeader(archive: Buffer, typeFlag: string): void {
  rewriteFirstHeader(archive, typeFlag, 156);
}

/** Writes a field of the first tar header (latin1 text at its offset) and then the header's checksum. */
function rewriteFirstHeader(archive: Buffer, text: string, offset: number): void {
  archive.write(text, offset, 'latin1');
  archive.fill(0x20, 148, 156);
  let sum = 0;
  for (let i = 0; i < 512; i += 1) sum += archive[i]!;
  archive.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
}

/**
 * A copy of a tar whose first header declares `size` bytes of data, whatever
 * follows it: a header that lies, or the first 512 bytes of an entry too large to build.
 */
export function withDeclaredSize(archive: Buffer, size: number): Buffer {
  const copy = Buffer.from(archive);
  rewriteFirstHeader(copy, `${size.toString(8).padStart(11, '0')}\0`, 124);
  return copy;
}

/**
 * A tar.gz of files of zeros, made only as it is read (each block generated,
 * then gzipped, with backpressure), so a bomb that inflates to gigabytes costs
 * the test no memory. `tarBytesMade()` tells how much of the tar was made so
 * far: how far a reader pulled before it stopped.
 */
export async function zeroFilledTarGz(files: { name: string; size: number }[]): Promise<{ stream: Readable; tarBytesMade(): number }> {
  const headers = await Promise.all(files.map(async (file) => withDeclaredSize((await buildTar([{ name: file.name }])).subarray(0, 512), file.size)));
  let made = 0;
  const block = Buffer.alloc(64 * 1024);
  async function* tarBytes(): AsyncGenerator<Buffer> {
    for (const [index, file] of files.entries()) {
      made += 512;
      yield headers[index]!;
      // The data, padded to whole 512-byte blocks.
      for (let left = Math.ceil(file.size / 512) * 512; left > 0; left -= block.length) {
        const chunk = left >= block.length ? block : block.subarray(0, left);
        made += chunk.length;
        yield chunk;
      }
    }
    yield Buffer.alloc(1024);
  }
  // Run-length deflate: zeros compress as well as with the default strategy, several times faster.
  const stream = Readable.from(tarBytes()).pipe(createGzip({ strategy: zlibConstants.Z_RLE }));
  return { stream, tarBytesMade: () => made };
}

function paxRecord(key: string, value: string): Buffer {
  const text = ` ${key}=${value}\n`;
  let length = text.length + 1;
  while (`${length}${text}`.length !== length) length = `${length}${text}`.length;
  return Buffer.from(`${length}${text}`);
}

/** A tar.gz of the entries; `lyingSizeTrailer` overwrites gzip's ISIZE trailer with a small value. */
export async function buildTarGz(entries: TarEntrySpec[], options: { paxGlobalComment?: string; lyingSizeTrailer?: number } = {}): Promise<Buffer> {
  const gz = gzipSync(await buildTar(entries, options));
  if (options.lyingSizeTrailer !== undefined) gz.writeUInt32LE(options.lyingSizeTrailer, gz.length - 4);
  return gz;
}

export interface ZipEntrySpec {
  name: string | Buffer;
  data?: Buffer | string;
  method?: 'store' | 'deflate';
  /** Unix mode (type and permission bits); the zip is then marked as made on Unix. */
  unixMode?: number;
  /** The uncompressed size written in the headers, when it should differ from the real one. */
  declaredSize?: number;
  /** Set the traditional-encryption flag bit. */
  encryptedFlag?: boolean;
}

/** A zip archive of the entries (no zip64, no data descriptors). */
export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.name) ? entry.name : Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data ?? '');
    const method = entry.method ?? 'deflate';
    const stored = method === 'store' ? data : deflateRawSync(data);
    const crc = crc32(data);
    const declared = entry.declaredSize ?? data.length;
    const flags = (Buffer.isBuffer(entry.name) ? 0 : 0x0800) | (entry.encryptedFlag ? 1 : 0);
    const methodCode = method === 'store' ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(methodCode, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.unixMode !== undefined ? (3 << 8) | 20 : 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(methodCode, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entry.unixMode !== undefined ? (entry.unixMode << 16) >>> 0 : 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

/** Writes a folder of files (`path → content`) under a new temporary folder and returns its path. */
export async function makeFolderTree(files: Record<string, string | Buffer>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'svc-tree-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

/** Every regular file under a folder, as `path → bytes` with `/`-separated relative paths, sorted. */
export async function readFolderTree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (folder: string, prefix: string) => {
    const items = await readdir(folder, { withFileTypes: true });
    items.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const item of items) {
      const path = prefix ? `${prefix}/${item.name}` : item.name;
      if (item.isDirectory()) await walk(join(folder, item.name), path);
      else if (item.isFile()) files.set(path, await readFile(join(folder, item.name)));
    }
  };
  await walk(root, '');
  return files;
}

/** A tar.gz of a folder with every path under `topFolder/`, like a git host's tarball; `symlinks` adds links (path → target). */
export async function tarGzOfFolder(root: string, topFolder: string, commitSha: string, symlinks: Record<string, string> = {}): Promise<Buffer> {
  const files = await readFolderTree(root);
  const entries: TarEntrySpec[] = [{ name: `${topFolder}/`, type: 'directory' }];
  const folders = new Set<string>();
  for (const path of files.keys()) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const folder = parts.slice(0, i).join('/');
      if (!folders.has(folder)) {
        folders.add(folder);
        entries.push({ name: `${topFolder}/${folder}/`, type: 'directory' });
      }
    }
    entries.push({ name: `${topFolder}/${path}`, data: files.get(path)! });
  }
  for (const [path, target] of Object.entries(symlinks)) entries.push({ name: `${topFolder}/${path}`, type: 'symlink', linkname: target });
  return buildTarGz(entries, { paxGlobalComment: commitSha });
}

/** A zip of a folder with paths at the root, like Azure DevOps' items download; `symlinks` adds links (path → target). */
export async function zipOfFolder(root: string, symlinks: Record<string, string> = {}): Promise<Buffer> {
  const files = await readFolderTree(root);
  const links = Object.entries(symlinks).map(([name, target]) => ({ name, data: target, unixMode: 0o120777 }));
  return buildZip([...[...files].map(([name, data]) => ({ name, data })), ...links]);
}
