import { describe, expect, it } from 'vitest';
import { foldersUpward, joinRepositoryPath } from './repository-paths';

describe('repository paths', () => {
  it('join a relative path to a folder without leaving the repository', () => {
    expect(joinRepositoryPath('deploy', '../services/orders/')).toBe('services/orders');
    expect(joinRepositoryPath('', './api')).toBe('api');
    expect(joinRepositoryPath('', '.')).toBe('');
    expect(joinRepositoryPath('a', '../..')).toBeNull();
    expect(joinRepositoryPath('a', '/srv/app')).toBeNull();
    expect(joinRepositoryPath('a', 'https://github.com/x/y.git')).toBeNull();
  });

  it('list the folders from one up to the root', () => {
    expect(foldersUpward('a/b/c')).toEqual(['a/b/c', 'a/b', 'a', '']);
    expect(foldersUpward('')).toEqual(['']);
  });
});
