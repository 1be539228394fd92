import { describe, expect, it } from 'vitest';
import { leadingPath } from '../../web/src/screens/scenarios/editor-problems';
import { fieldPathSegments, placeOfPath, placeOfStep, readJsonText } from '../../web/src/screens/scenarios/json-text';

/**
 * How the scenario editor finds lines: strict JSON with the line and column
 * of the first error, the API's field paths and a run issue's step ID turned
 * into the line a person sees.
 */

const text = `{
  "id": "5cea0000-0000-4000-8000-000000000001",
  "name": "Checkout",
  "steps": [
    { "type": "call", "id": "place", "then": [
        { "type": "publish", "id": "announce", "handlers": {
            "5ce0000e-0000-4000-8000-000000000001": [
              { "type": "write", "id": "invoice" }
            ]
        } }
      ], "onError": [] },
    { "type": "parallel", "id": "both", "branches": [[{ "type": "write", "id": "left" }], []] }
  ],
  "faults": [{ "target": "x", "kind": "Eror", "failFirst": 1 }],
  "assertions": []
}`;

describe('the scenario editor reads its text', () => {
  it('finds the first syntax error with its line and column, as strict JSON', () => {
    expect(readJsonText(text).error).toBeNull();
    expect(readJsonText('{\n  "a": 1,\n}').error).toMatchObject({ line: 3, column: 1, message: expect.stringContaining('no comma after the last member') });
    expect(readJsonText('{\n  // note\n  "a": 1\n}').error).toMatchObject({ line: 2, column: 3, message: 'JSON has no comments' });
    expect(readJsonText("{ 'a': 1 }").error).toMatchObject({ line: 1, column: 3 });
    expect(readJsonText('{\n  "a": 1,\n  "a": 2\n}').error).toMatchObject({ line: 3, column: 3, message: 'the member "a" occurs twice in this object' });
    expect(readJsonText('').error).not.toBeNull();
    expect(readJsonText('{"a": "tab\there"}').error).toMatchObject({ line: 1 });
  });

  it('reads the field paths the API writes', () => {
    expect(fieldPathSegments('steps[2].then[0].id')).toEqual(['steps', 2, 'then', 0, 'id']);
    expect(fieldPathSegments('$.steps[0].opertion')).toEqual(['steps', 0, 'opertion']);
    expect(fieldPathSegments('steps[0].handlers["5ce0000e-0000.x"][1]')).toEqual(['steps', 0, 'handlers', '5ce0000e-0000.x', 1]);
    expect(fieldPathSegments('name')).toEqual(['name']);
  });

  it('puts a field path at the line of its member, or near it when the text lacks it', () => {
    const tree = readJsonText(text).tree;
    expect(placeOfPath(text, tree, 'name')).toMatchObject({ line: 3, exact: true });
    expect(placeOfPath(text, tree, 'faults[0].kind')).toMatchObject({ line: 14, exact: true });
    expect(placeOfPath(text, tree, 'steps[0].then[0].handlers["5ce0000e-0000-4000-8000-000000000001"][0].id')).toMatchObject({ line: 8, exact: true });
    expect(placeOfPath(text, tree, '$.steps[1].branches[0][0]')).toMatchObject({ line: 12, exact: true });
    expect(placeOfPath(text, tree, 'steps[0].operation')).toMatchObject({ line: 5, exact: false });
  });

  it('puts a run issue at its step, in any step list', () => {
    const tree = readJsonText(text).tree;
    expect(placeOfStep(text, tree, 'place')?.line).toBe(5);
    expect(placeOfStep(text, tree, 'invoice')?.line).toBe(8);
    expect(placeOfStep(text, tree, 'left')?.line).toBe(12);
    expect(placeOfStep(text, tree, 'missing')).toBeNull();
  });

  it("takes the path a run issue's message starts with, when it names a member of the document", () => {
    expect(leadingPath('steps[0].operation: operation "x" is not in the model')).toBe('steps[0].operation');
    expect(leadingPath('faults[1].kind "Eror" is not Error, Outage or Timeout')).toBe('faults[1].kind');
    expect(leadingPath('PlaceOrder: timeoutMs 5000000 is outside 0 to 3600000 ms')).toBeNull();
  });
});
