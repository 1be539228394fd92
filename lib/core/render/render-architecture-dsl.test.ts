import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ElementRecord, ModelSnapshot } from '../model/model-records';
import { element, guid, relationship } from '../../../test/support/model-fixtures';
import { assignIdentifiers } from './identifiers';
import { layoutFingerprint } from './layout';
import { dslString, renderArchitectureDsl } from './render-architecture-dsl';
import { checkDslStructure, expectGolden, tokenizeDslLine } from '../../../test/support/render-checks';
import { nastyModel } from '../../../test/support/render-arbitraries';
import { ids, mainSource, modelOf, revisionSource, shopModel, shopViews } from '../../../test/support/render-fixtures';

describe('renderArchitectureDsl on the shop', () => {
  const model = shopModel();
  const views = shopViews();
  const dsl = renderArchitectureDsl({ projectName: 'Shop', model, views, source: revisionSource });
  const reading = checkDslStructure(dsl);

  it('matches the golden file and passes the structural check', () => {
    const { expected, actual } = expectGolden('shop.dsl', dsl);
    expect(actual).toBe(expected);
  });

  it('maps actors to people, top-level elements to software systems, and their children to containers and components', () => {
    const types = Object.fromEntries([...reading.elements].map(([id, e]) => [id, `${e.type}${e.parent ? ` in ${e.parent}` : ''}`]));
    expect(types).toEqual({
      audit_log: 'softwareSystem',
      clerk: 'person',
      customer: 'person',
      payment_provider: 'softwareSystem',
      shop: 'softwareSystem',
      api: 'container in shop',
      pricing: 'component in api',
      orders_db: 'container in shop',
      web_app: 'container in shop',
      warehouse: 'softwareSystem',
    });
    expect(reading.elements.get('orders_db')).toMatchObject({ tags: 'Database', technology: 'PostgreSQL 16' });
    expect(reading.elements.get('audit_log')!.tags).toBe('Database');
    expect(dsl).toContain('        audit_log = softwareSystem "Audit Log" "" "Database" {\n            properties {\n                "technology" "S3"\n');
    expect(reading.header).toContain(`#   "Clerk" (element ${ids.clerk}), inside "Warehouse" in the model`);
  });

  it('starts the model with !impliedRelationships false and tags behavioural relationships', () => {
    expect(dsl).toContain('    model {\n        !impliedRelationships false\n');
    expect(reading.relationships).toContainEqual({ from: 'shop', to: 'payment_provider', description: 'Charges cards', technology: 'REST', tags: 'Behavioural' });
    expect(reading.relationships).toContainEqual({ from: 'customer', to: 'shop', description: 'Places orders', technology: 'HTTPS', tags: '' });
    expect(dsl).toContain('            element "Database" {\n                shape cylinder\n            }');
  });

  it('writes relationships to a parent and repeated labels as comments only', () => {
    expect(reading.comments).toContain('# Not written (between an element and one that contains it): api -> pricing "Prices carts"');
    expect(reading.comments).toContain(`# Not written (repeats the label of relationship ${guid(106)} between the same two elements): web_app -> api "Calls" "WebSocket"`);
    expect(reading.relationships).toHaveLength(model.relationship.size - 2);
  });

  it('writes the views it can with include * and autoLayout, names the others in a comment, each with its layout fingerprint', () => {
    expect(reading.views).toEqual([
      { type: 'component', scope: 'api', key: 'api_components', description: 'API components' },
      { type: 'systemLandscape', scope: null, key: 'landscape_arranged', description: 'Landscape, arranged' },
      { type: 'container', scope: 'shop', key: 'shop_containers', description: 'Shop containers' },
      { type: 'systemLandscape', scope: null, key: 'system_landscape', description: 'System landscape' },
    ]);
    for (const view of views) expect(reading.comments.filter((c) => c.includes(`(${view.id})`) && c.includes(layoutFingerprint(view)))).toHaveLength(1);
    expect(reading.comments).toContain(`# View "Customer" (${guid(204)}) is not written: its root "Customer" is a person; layout fingerprint ${layoutFingerprint(views[3]!)}`);
  });

  it('gives the same bytes twice, and new bytes for a changed view', () => {
    expect(renderArchitectureDsl({ projectName: 'Shop', model, views: [...views].reverse(), source: revisionSource })).toBe(dsl);
    const moved = views.map((v, i) => (i === 0 ? { ...v, positions: [{ elementId: ids.customer, x: 1, y: 1 }] } : v));
    expect(renderArchitectureDsl({ projectName: 'Shop', model, views: moved, source: revisionSource })).not.toBe(dsl);
    expect(renderArchitectureDsl({ projectName: 'Shop', model, views, source: mainSource })).not.toBe(dsl);
  });
});

describe('DSL strings', () => {
  it('escapes quotes, a trailing backslash, ${ and line breaks', () => {
    expect(dslString('say "hi"')).toBe('"say \\"hi\\""');
    expect(dslString('C:\\temp\\')).toBe('"C:\\temp\u29f5"');
    expect(dslString('${HOME} and $x {y}')).toBe('"$\u200b{HOME} and $x {y}"');
    expect(dslString('one\ntwo\r\nthree')).toBe('"one two three"');
    expect(tokenizeDslLine(`a -> b ${dslString('q"\\')} ${dslString('')}`)).toEqual(['a', '->', 'b', 'q"\u29f5', '']);
  });

  it('writes a value that Structurizr would read as a relationship arrow with U+200B after its first character, as a name, a last value or a property', () => {
    expect(dslString('->')).toBe('"-\u200b>"');
    expect(dslString('-->')).toBe('"-\u200b->"');
    expect(dslString('--uses->')).toBe('"-\u200b-uses->"');
    expect(dslString('a -> b')).toBe('"a -> b"');
    expect(dslString('--')).toBe('"--"');
    const model = modelOf([
      element({ id: guid(1), name: '->', kind: 'system' }),
      element({ id: guid(2), name: '-->', kind: 'store', parentId: guid(1), technology: '->' }),
      element({ id: guid(3), name: '--x->', kind: 'system', technology: '-->' }),
    ], [relationship({ id: guid(9), fromId: guid(3), toId: guid(1), label: '->' })]);
    const dsl = renderArchitectureDsl({ projectName: '->', model, views: [], source: mainSource });
    const reading = checkDslStructure(dsl);
    expect([...reading.elements.values()].map((e) => [e.type, e.name]).sort()).toEqual([
      ['container', '-\u200b->'],
      ['softwareSystem', '-\u200b-x->'],
      ['softwareSystem', '-\u200b>'],
    ]);
    expect(dsl).toContain(' = softwareSystem "-\u200b>" {');
    expect(dsl).toContain(' = container "-\u200b->" "" "-\u200b>" "Database"');
  });

  it('turns commas in tags into spaces', () => {
    const dsl = renderArchitectureDsl({ projectName: 'P', model: modelOf([element({ id: guid(1), name: 'S', kind: 'store', tags: ['a,b', 'c'] })]), views: [], source: mainSource });
    expect(checkDslStructure(dsl).elements.get('s')!.tags).toBe('a b,c,Database');
  });
});

describe('DSL names and moves', () => {
  it('numbers a later duplicate name in its scope in file order, skipping names the scope holds, and says so in the header', () => {
    const model = modelOf([
      element({ id: guid(1), name: 'Shop' }),
      element({ id: guid(2), name: 'Shop', kind: 'actor' }),
      element({ id: guid(3), name: 'Shop (2)' }),
      element({ id: guid(4), name: 'API', kind: 'app', parentId: guid(1) }),
      element({ id: guid(5), name: 'API', kind: 'app', parentId: guid(3) }),
      element({ id: guid(6), name: 'API', kind: 'app', parentId: guid(1) }),
    ]);
    const dsl = renderArchitectureDsl({ projectName: 'P', model, views: [], source: mainSource });
    const reading = checkDslStructure(dsl);
    const names = Object.fromEntries([...reading.elements].map(([id, e]) => [id, e.name]));
    expect(names).toEqual({ shop: 'Shop', shop_2: 'Shop (3)', shop_2_: 'Shop (2)', api: 'API', api_3: 'API (2)', api_2: 'API' });
    expect(reading.header).toEqual(
      expect.arrayContaining([
        '# Renamed to keep names unique in their scope:',
        `#   "Shop" (element ${guid(2)}) is written as "Shop (3)"`,
        `#   "API" (element ${guid(6)}) is written as "API (2)"`,
      ]),
    );
  });

  it('moves actors and the contents of people and components to the top level', () => {
    const model = modelOf(
      [
        element({ id: guid(1), name: 'Sys' }),
        element({ id: guid(2), name: 'Admin', kind: 'actor', parentId: guid(1) }),
        element({ id: guid(3), name: 'Badge', kind: 'app', parentId: guid(2) }),
        element({ id: guid(4), name: 'Box', kind: 'app', parentId: guid(1) }),
        element({ id: guid(5), name: 'Part', kind: 'component', parentId: guid(4) }),
        element({ id: guid(6), name: 'Inner', kind: 'store', parentId: guid(5) }),
        element({ id: guid(7), name: 'Deep', kind: 'component', parentId: guid(6) }),
      ],
      [
        relationship({ id: guid(11), fromId: guid(5), toId: guid(1), label: 'grandparent' }),
        relationship({ id: guid(12), fromId: guid(6), toId: guid(5), label: 'former parent' }),
        relationship({ id: guid(13), fromId: guid(7), toId: guid(6), label: 'parent' }),
      ],
    );
    const reading = checkDslStructure(renderArchitectureDsl({ projectName: 'P', model, views: [], source: mainSource }));
    const types = Object.fromEntries([...reading.elements].map(([id, e]) => [id, `${e.type}${e.parent ? ` in ${e.parent}` : ''}`]));
    expect(types).toEqual({ admin: 'person', badge: 'softwareSystem', inner: 'softwareSystem', deep: 'container in inner', sys: 'softwareSystem', box: 'container in sys', part: 'component in box' });
    expect(reading.relationships.map((r) => r.description)).toEqual(['former parent']);
    expect(reading.comments.filter((c) => c.includes('between an element and one that contains it'))).toHaveLength(2);
  });

  it('writes views rooted at a component or a missing element only as comments, and keeps view keys unique', () => {
    const model = modelOf([element({ id: guid(1), name: 'Sys' }), element({ id: guid(2), name: 'App', kind: 'app', parentId: guid(1) }), element({ id: guid(3), name: 'Comp', kind: 'component', parentId: guid(2) })]);
    const views = [
      { id: guid(21), name: 'Same', rootElementId: null, positions: [] },
      { id: guid(22), name: 'Same', rootElementId: guid(1), positions: [] },
      { id: guid(23), name: 'Comp', rootElementId: guid(3), positions: [] },
      { id: guid(24), name: 'Gone', rootElementId: guid(99), positions: [] },
    ];
    const reading = checkDslStructure(renderArchitectureDsl({ projectName: 'P', model, views, source: mainSource }));
    expect(reading.views.map((v) => [v.type, v.key])).toEqual([
      ['systemLandscape', 'same'],
      ['container', 'same_2'],
    ]);
    expect(reading.comments).toContain(`# View "Comp" (${guid(23)}) is not written: its root "Comp" is a component; layout fingerprint ${layoutFingerprint(views[2]!)}`);
    expect(reading.comments).toContain(`# View "Gone" (${guid(24)}) is not written: its root element ${guid(99)} is not in this model; layout fingerprint ${layoutFingerprint(views[3]!)}`);
  });
});

/** The DSL place of each element, derived from part 1's table independently of the renderer. */
function expectedPlaces(model: ModelSnapshot): Map<string, { type: string; parent: string | null }> {
  const places = new Map<string, { type: string; parent: string | null }>();
  const placeOf = (e: ElementRecord): { type: string; parent: string | null } => {
    const known = places.get(e.id);
    if (known) return known;
    let place: { type: string; parent: string | null };
    const parent = e.parentId === null ? undefined : model.element.get(e.parentId);
    if (e.kind === 'actor' || !parent) place = { type: e.kind === 'actor' ? 'person' : 'softwareSystem', parent: null };
    else {
      const parentType = placeOf(parent).type;
      place = parentType === 'softwareSystem' ? { type: 'container', parent: parent.id } : parentType === 'container' ? { type: 'component', parent: parent.id } : { type: 'softwareSystem', parent: null };
    }
    places.set(e.id, place);
    return place;
  };
  for (const e of model.element.values()) placeOf(e);
  return places;
}

/** A name as the DSL reader gets it back. */
function readBack(name: string): string {
  const line = name.replace(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g, ' ').replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/gu, '\ufffd');
  return line.trim() === '' ? 'Unnamed' : line;
}

describe('renderArchitectureDsl on adversarial models', () => {
  it('always passes the structural check, with every element in its place under its name', () => {
    fc.assert(
      fc.property(nastyModel(), ({ model, views }) => {
        const dsl = renderArchitectureDsl({ projectName: '"${P}"\\', model, views, source: revisionSource });
        const reading = checkDslStructure(dsl);
        const identifiers = assignIdentifiers(model.element.values());
        const places = expectedPlaces(model);
        expect(reading.elements.size).toBe(model.element.size);
        for (const e of model.element.values()) {
          const read = reading.elements.get(identifiers.get(e.id)!)!;
          const place = places.get(e.id)!;
          expect(read.type).toBe(place.type);
          expect(read.parent).toBe(place.parent === null ? null : identifiers.get(place.parent));
          // As written: the name, or the name and " (n)" when it repeats one of its scope; `${` and a trailing backslash escaped.
          const escaped = (name: string) => {
            const body = name.replace(/\$\{/g, '$\u200b{').replace(/\\$/, '\u29f5');
            // A value Structurizr's reader would take for a relationship arrow gets U+200B after its first character.
            return body === '->' || (body.length >= 3 && body.startsWith('--') && body.endsWith('->')) ? `${body[0]}\u200b${body.slice(1)}` : body;
          };
          const number = / \((\d+)\)$/.exec(read.name)?.[1];
          const candidates = [escaped(readBack(e.name)), ...(number ? [escaped(`${readBack(e.name)} (${number})`)] : [])];
          // A name that is just `{` and ends its line gets U+200B, or the reader would open a block.
          if (candidates[0] === '{') candidates.push('{\u200b');
          expect(candidates).toContain(read.name);
        }
        const notWritten = reading.comments.filter((c) => c.startsWith('# Not written')).length;
        expect(reading.relationships.length + notWritten).toBe(model.relationship.size);
        expect(reading.views.length + reading.comments.filter((c) => c.includes(') is not written: its root')).length).toBe(views.length);
        expect(renderArchitectureDsl({ projectName: '"${P}"\\', model, views, source: revisionSource })).toBe(dsl);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 200) },
    );
  }, 600_000);
});
