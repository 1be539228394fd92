import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTar, buildTarGz, buildZip } from '../../../../test/support/archive-builders';
import { isArchiveError } from './archive-errors';
import { readArchive } from './read-archive';

const hangLimitMs = 5_000;

/** Expands the bytes reading every entry; resolves with the thrown error, or null when accepted. Fails on a hang. */
async function outcome(bytes: Uint8Array): Promise<unknown> {
  const run = (async () => {
    try {
      for await (const entry of readArchive(bytes, { maxArchiveBytes: 1024 * 1024 })) await entry.read();
      return null;
    } catch (error) {
      return error;
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the archive reader hung')), hangLimitMs);
  });
  try {
    return await Promise.race([run, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function expectOnlyTypedErrors(error: unknown) {
  if (error !== null && !isArchiveError(error)) throw error;
}

describe('readArchive on arbitrary bytes', () => {
  let samples: Buffer[] = [];
  beforeAll(async () => {
    const entries = [
      { name: 'top/', type: 'directory' as const },
      { name: 'top/a.txt', data: 'alpha\n'.repeat(40) },
      { name: 'top/b/c.json', data: '{"x":1}' },
    ];
    samples = [
      await buildTarGz(entries, { paxGlobalComment: 'f'.repeat(40) }),
      await buildTar(entries),
      buildZip([{ name: 'a.txt', data: 'alpha\n'.repeat(40) }, { name: 'b/c.json', data: '{"x":1}', method: 'store' }]),
    ];
  });

  it('throws nothing but the typed archive errors on random bytes, whatever their first bytes claim', async () => {
    const prefixes = fc.constantFrom(Buffer.alloc(0), Buffer.from([0x1f, 0x8b]), Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1'));
    await fc.assert(
      fc.asyncProperty(prefixes, fc.uint8Array({ maxLength: 2048 }), async (prefix, rest) => {
        expectOnlyTypedErrors(await outcome(Buffer.concat([prefix, rest])));
      }),
      { numRuns: 300 },
    );
  });

  it('throws nothing but the typed archive errors on valid archives with bytes changed or cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 2 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (which, changes, cutAt) => {
          const bytes = Buffer.from(samples[which]!);
          for (const [at, value] of changes) bytes[at % bytes.length] = value;
          expectOnlyTypedErrors(await outcome(cutAt === undefined ? bytes : bytes.subarray(0, cutAt % bytes.length)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throws nothing but the typed archive errors on a well-formed gzip of random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (inner) => {
        expectOnlyTypedErrors(await outcome(gzipSync(inner)));
      }),
      { numRuns: 200 },
    );
  });

  it('accepts the unchanged samples (so the properties above do exercise the readers)', async () => {
    for (const sample of samples) expect(await outcome(sample)).toBeNull();
  });
});
