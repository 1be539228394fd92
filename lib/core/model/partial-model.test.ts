import { describe, expect, it } from 'vitest';
import { checkRecord, neighbourhoodOfRecord } from './model-rules';
import { overlayModel } from './overlay-model';
import { NeighbourhoodMissError, PartialModel } from './partial-model';
import { binding, channel, element, guid } from '../../../test/support/model-fixtures';

describe('a partial model answers only what it was loaded to answer', () => {
  const system = element({ id: guid(1) });
  const app = element({ id: guid(2), kind: 'app', parentId: guid(1) });
  const model = new PartialModel({
    rows: [{ id: system.id, kind: 'element', body: system }],
    lookedUp: [guid(2), guid(9)],
    referrers: [{ kind: 'element', id: guid(1), found: [{ kind: 'element', id: guid(2), field: 'parentId' }] }],
    bindings: [],
  });

  it('knows loaded records and the absence of IDs looked up, in every kind', () => {
    expect(model.element.get(guid(1))).toEqual(system);
    expect(model.channel.has(guid(1))).toBe(false);
    expect(model.element.has(guid(9))).toBe(false);
    expect(model.referrerCandidates('element', guid(1))).toEqual([{ kind: 'element', id: guid(2), field: 'parentId' }]);
  });

  it('throws on an ID, a look-up or a listing it holds no answer for', () => {
    expect(() => model.element.get(guid(3))).toThrow(NeighbourhoodMissError);
    expect(() => model.referrerCandidates('channel', guid(1))).toThrow(NeighbourhoodMissError);
    expect(() => model.bindingCandidates('[]')).toThrow(NeighbourhoodMissError);
    expect(() => [...model.element.values()]).toThrow(NeighbourhoodMissError);
    expect(() => model.element.size).toThrow(NeighbourhoodMissError);
  });

  it('serves the rules through an overlay, as the whole model would', () => {
    const after = overlayModel(model, [{ kind: 'element', record: app }]);
    expect(checkRecord('element', app, after, { streamId: guid(99), before: model })).toEqual([]);
  });

  it('a rule that reads past its neighbourhood fails loudly', () => {
    const exchange = channel({ id: guid(5), kind: 'exchange' });
    const bound = binding({ id: guid(6), sourceChannelId: guid(5), targetChannelId: guid(7) });
    // The binding's neighbourhood without its twin look-up: checkBindingUnique must not pass silently.
    const wanted = neighbourhoodOfRecord('binding', bound);
    const partial = new PartialModel({ rows: [{ id: exchange.id, kind: 'channel', body: exchange }], lookedUp: wanted.ids, referrers: [], bindings: [] });
    expect(() => checkRecord('binding', bound, overlayModel(partial, [{ kind: 'binding', record: bound }]), { streamId: guid(99), before: partial })).toThrow(NeighbourhoodMissError);
  });
});
