import { describe, expect, it } from 'vitest';
import { jsonText, resolveAt, selfContainedSchema } from './json-references';

const document = {
  components: {
    schemas: {
      'A/B': { type: 'string' },
      Loop: { $ref: '#/components/schemas/Loop' },
      Tree: { type: 'object', properties: { child: { $ref: '#/components/schemas/Tree' }, label: { $ref: '#/components/schemas/A~1B' } } },
    },
  },
  paths: { '/x': { $ref: '#/components/schemas/Tree' } },
};

describe('json references', () => {
  it('follow local $ref members to the value and its place, and end on a loop', () => {
    expect(resolveAt(document, ['paths', '/x'])).toEqual({ value: document.components.schemas.Tree, steps: ['components', 'schemas', 'Tree'] });
    expect(resolveAt(document, ['components', 'schemas', 'Loop'])).toBeNull();
    expect(resolveAt(document, ['nothing'])).toBeNull();
  });

  it('make a schema stand alone: its components under $defs, once each, references rewritten', () => {
    expect(selfContainedSchema(document.components.schemas.Tree, document)).toEqual({
      type: 'object',
      properties: { child: { $ref: '#/$defs/Tree' }, label: { $ref: '#/$defs/A~1B' } },
      $defs: { 'A/B': { type: 'string' }, Tree: { type: 'object', properties: { child: { $ref: '#/$defs/Tree' }, label: { $ref: '#/$defs/A~1B' } } } },
    });
    expect(selfContainedSchema(true, document)).toBeNull();
  });

  it('give no text for a value that loops', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(jsonText(loop)).toBeNull();
    expect(selfContainedSchema(loop, {})).toBeNull();
  });
});
