import { describe, expect, it } from 'vitest';
import { createPathFilter, isNeverEnteredDirectory, normaliseRepositoryPath, PathScopeError } from './path-filter';

const none = { includePaths: [], excludePaths: [], excludeGlobs: [] };
const importDefaults = ['**/node_modules/**', '**/vendor/**', '**/bin/**', '**/obj/**', '**/*.min.*'];

describe('normaliseRepositoryPath', () => {
  it('writes a path in posix form without ./, empty or trailing parts', () => {
    expect(normaliseRepositoryPath('./services//orders/./package.json')).toEqual({ ok: true, path: 'services/orders/package.json' });
    expect(normaliseRepositoryPath('services\\orders\\Dockerfile')).toEqual({ ok: true, path: 'services/orders/Dockerfile' });
    expect(normaliseRepositoryPath('docs/')).toEqual({ ok: true, path: 'docs' });
  });

  it('refuses .., absolute paths, NUL and empty paths', () => {
    expect(normaliseRepositoryPath('../etc/passwd')).toEqual({ ok: false, problem: 'climbs out with ..' });
    expect(normaliseRepositoryPath('a/../../b')).toMatchObject({ ok: false });
    expect(normaliseRepositoryPath('a\\..\\b')).toMatchObject({ ok: false });
    expect(normaliseRepositoryPath('/etc/passwd')).toEqual({ ok: false, problem: 'is absolute' });
    expect(normaliseRepositoryPath('C:/Windows')).toEqual({ ok: false, problem: 'is absolute' });
    // Found by the fuzz test: `./C:` would have become `C:`, a drive path.
    expect(normaliseRepositoryPath('./C:')).toEqual({ ok: false, problem: 'is absolute' });
    expect(normaliseRepositoryPath('a\u0000b')).toEqual({ ok: false, problem: 'holds a NUL character' });
    expect(normaliseRepositoryPath('./')).toEqual({ ok: false, problem: 'is empty' });
    expect(normaliseRepositoryPath('a/'.repeat(3000))).toMatchObject({ ok: false, problem: 'is longer than 4096 characters' });
  });
});

describe('createPathFilter', () => {
  it('never enters build, dependency, .git and secret folders, whatever the case', () => {
    const decide = createPathFilter(none);
    for (const path of ['node_modules/x/package.json', 'a/vendor/b.go', 'src/bin/x', 'App/Obj/y', 'dist/main.js', '.git/HEAD', 'home/.ssh/config', '.aws/credentials', 'Node_Modules/a.js']) {
      expect(decide(path)).toMatchObject({ include: false, reason: 'excluded' });
    }
    expect(decide('src/binary.ts')).toEqual({ include: true, path: 'src/binary.ts' });
    expect(decide('distribution/a.md')).toEqual({ include: true, path: 'distribution/a.md' });
    expect(isNeverEnteredDirectory('.GNUPG')).toBe(true);
    expect(isNeverEnteredDirectory('.github')).toBe(false);
  });

  it('reads only under includePaths, leaves out excludePaths, by whole path parts', () => {
    const decide = createPathFilter({ includePaths: ['services/', './infra'], excludePaths: ['services/legacy'], excludeGlobs: [] });
    expect(decide('services/orders/package.json')).toMatchObject({ include: true });
    expect(decide('infra/main.tf')).toMatchObject({ include: true });
    expect(decide('servicesX/a')).toMatchObject({ include: false, why: 'not under includePaths' });
    expect(decide('README.md')).toMatchObject({ include: false, reason: 'excluded' });
    expect(decide('services/legacy/app.py')).toMatchObject({ include: false, why: 'under the excluded path services/legacy' });
    expect(decide('services/legacy-2/app.py')).toMatchObject({ include: true });
    expect(createPathFilter({ includePaths: ['.'], excludePaths: [], excludeGlobs: [] })('a/b')).toMatchObject({ include: true });
  });

  it('applies the default import.excludeGlobs with dot folders matched too', () => {
    const decide = createPathFilter({ ...none, excludeGlobs: importDefaults });
    expect(decide('web/app.min.js')).toMatchObject({ include: false, why: 'matches **/*.min.*' });
    expect(decide('.github/x.min.css')).toMatchObject({ include: false });
    expect(decide('web/app.js')).toMatchObject({ include: true });
    expect(createPathFilter({ ...none, excludeGlobs: ['**/*.test.ts'] })('.hidden/a.test.ts')).toMatchObject({ include: false });
  });

  it('names a refused path as invalid-path in printable form', () => {
    const decide = createPathFilter(none);
    expect(decide('../../x')).toEqual({ include: false, reason: 'invalid-path', path: '../../x', why: 'the path climbs out with ..' });
    expect(decide('a\u0000b')).toMatchObject({ reason: 'invalid-path', path: 'a\ufffdb' });
    expect(decide('')).toMatchObject({ reason: 'invalid-path', path: '(empty path)' });
  });

  it('refuses a scope path that climbs out or is absolute, naming the field', () => {
    expect(() => createPathFilter({ ...none, includePaths: ['ok', '../up'] })).toThrow(PathScopeError);
    expect(() => createPathFilter({ ...none, excludePaths: ['/abs'] })).toThrow('excludePaths[0]: the path is absolute');
  });
});
