import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, gitBlobSha, isBinary } from './file-content';

describe('file content', () => {
  it('tells binary from text by a NUL in the first 8000 bytes', () => {
    expect(isBinary(Buffer.from('text'))).toBe(false);
    expect(isBinary(Buffer.from([65, 0, 66]))).toBe(true);
    expect(isBinary(Buffer.concat([Buffer.alloc(8000, 65), Buffer.from([0])]))).toBe(false);
  });

  it('decodes UTF-8 without its byte-order mark and refuses other bytes', () => {
    expect(decodeUtf8(Buffer.from('\ufeffa: 1', 'utf8'))).toBe('a: 1');
    expect(decodeUtf8(Buffer.from([0xff, 0xfe]))).toBeNull();
  });

  it('gives the blob SHA git gives', () => {
    const bytes = Buffer.from('FROM node:20\r\nEXPOSE 8080\n\u00e9', 'utf8');
    expect(gitBlobSha(bytes)).toBe(execFileSync('git', ['hash-object', '--stdin'], { input: bytes }).toString().trim());
  });
});
