import { describe, expect, it, vi } from 'vitest';
import { LineIndex, parseStructuredDocuments } from './structured-text';

describe('LineIndex', () => {
  it('turns offsets into 1-based lines and leaves trailing white space out of a span', () => {
    const lines = new LineIndex('a\nbb\n\nccc\n');
    expect([0, 1, 2, 4, 5, 6, 9].map((offset) => lines.lineOf(offset))).toEqual([1, 1, 2, 2, 3, 4, 4]);
    expect(lines.spanOf(2, 6)).toEqual({ startLine: 2, endLine: 2 });
    expect(lines.lineCount).toBe(4);
    expect(new LineIndex('x').lineCount).toBe(1);
  });
});

describe('parseStructuredDocuments', () => {
  it('gives each document of a stream with the lines of any member, key to end of value', () => {
    const [first, second] = parseStructuredDocuments('a:\n  b:\n    - x\n    - y: 1\n      z: 2\n---\n# c\nc: [1,\n  2]\n');
    expect(first!.value).toEqual({ a: { b: ['x', { y: 1, z: 2 }] } });
    expect(first!.spanAt(['a'])).toEqual({ startLine: 1, endLine: 5 });
    expect(first!.spanAt(['a', 'b', 1])).toEqual({ startLine: 4, endLine: 5 });
    expect(first!.spanAt(['a', 'b', 1, 'z'])).toEqual({ startLine: 5, endLine: 5 });
    expect(first!.spanAt(['a', 'missing'])).toBeNull();
    expect(second!.spanAt(['c'])).toEqual({ startLine: 8, endLine: 9 });
  });

  it('follows aliases, refuses an alias bomb, a repeated key and JSON that is not JSON', () => {
    const [document] = parseStructuredDocuments('base: &b\n  k: v\nuse: *b\n');
    expect(document!.value).toEqual({ base: { k: 'v' }, use: { k: 'v' } });
    expect(document!.spanAt(['use', 'k'])).toEqual({ startLine: 2, endLine: 2 });
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    expect(parseStructuredDocuments(bomb)).toEqual([]);
    expect(parseStructuredDocuments('a: 1\na: 2\n')).toEqual([]);
    expect(parseStructuredDocuments(':', 'json')).toEqual([]);
    expect(parseStructuredDocuments('{"a": 1}', 'json')[0]!.value).toEqual({ a: 1 });
  });
});

describe('parser warnings', () => {
  // A Helm template is YAML with `{{ }}` in it: the parser reads `{{ .Values.name }}` as a map
  // keyed by a map and warns, which would print on the scanner's stderr for every chart.
  const helmTemplate = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: {{ .Values.name }}',
    'spec:',
    '  replicas: {{ .Values.replicas }}',
    '---',
    'kind: Service',
    'metadata:',
    '  labels:',
    '    {{- include "chart.labels" . | nindent 4 }}',
    '',
  ].join('\n');

  it('never reach process warnings or the console, whatever the text', () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const consoleSpies = (['warn', 'log', 'error', 'info', 'debug', 'dir'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      const documents = parseStructuredDocuments(helmTemplate);
      // The first document still reads (its template expressions become text keys); the second is not YAML.
      expect(documents).toHaveLength(1);
      expect(documents[0]!.value).toMatchObject({ kind: 'Deployment' });
      expect(emitWarning).not.toHaveBeenCalled();
      for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    } finally {
      emitWarning.mockRestore();
      for (const spy of consoleSpies) spy.mockRestore();
    }
  });
});
