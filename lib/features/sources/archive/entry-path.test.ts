import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArchiveRefusedError } from './archive-errors';
import { checkEntryPath, EntryPathTracker } from './entry-path';

describe('checkEntryPath', () => {
  it('normalises ./ and empty segments, and keeps names that only look like ..', () => {
    expect(checkEntryPath('./src//a.ts')).toEqual({ kind: 'path', path: 'src/a.ts' });
    expect(checkEntryPath('a/..b/c..')).toEqual({ kind: 'path', path: 'a/..b/c..' });
    expect(checkEntryPath('./')).toEqual({ kind: 'root' });
  });

  it('refuses what could land outside the tree', () => {
    expect(checkEntryPath('a/../../b')).toEqual({ kind: 'refused', reason: 'path-traversal' });
    expect(checkEntryPath('/abs')).toEqual({ kind: 'refused', reason: 'absolute-path' });
    expect(checkEntryPath('c:evil')).toEqual({ kind: 'refused', reason: 'drive-letter' });
    expect(checkEntryPath('a\\b')).toEqual({ kind: 'refused', reason: 'backslash' });
    expect(checkEntryPath('a\u0000b')).toEqual({ kind: 'refused', reason: 'control-character' });
    expect(checkEntryPath('x'.repeat(4097))).toEqual({ kind: 'refused', reason: 'path-too-long' });
  });

  it('never accepts a path that is absolute, climbs, or holds a backslash or an empty segment', () => {
    const segment = fc.constantFrom('a', '.', '..', '', 'b.txt', '\\', 'C:', '..\\x', ' ');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const check = checkEntryPath(segments.join('/'));
        if (check.kind !== 'path') return;
        const parts = check.path.split('/');
        expect(check.path.startsWith('/')).toBe(false);
        expect(check.path.includes('\\')).toBe(false);
        expect(parts.every((part) => part !== '' && part !== '.' && part !== '..')).toBe(true);
      }),
    );
  });
});

describe('EntryPathTracker', () => {
  it('strips the first top folder and refuses a file beside it or a path seen twice', () => {
    const tracker = new EntryPathTracker(true);
    expect(tracker.accept('repo-abc/', 'folder')).toBeNull();
    expect(tracker.accept('repo-abc/a.txt', 'file')).toBe('a.txt');
    expect(() => tracker.accept('repo-abc/./a.txt', 'file')).toThrow(ArchiveRefusedError);
    expect(() => tracker.accept('README', 'file')).toThrow(/not under the single top folder/);
  });
});
