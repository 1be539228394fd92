/**
 * Identifiers of the flowchart and architecture-DSL exports (part 1 "Diagram and
 * model exports", "Identifiers"): lower-case the name; each run of characters
 * other than a-z and 0-9 becomes one underscore; an empty result becomes
 * `element`; a leading digit gets `element_` in front; a reserved word gets a
 * trailing underscore; a repeated identifier gets `_2`, `_3` in ordinal name
 * then ID order.
 */
import { compareByNameThenId } from './ordinal-order';

/**
 * Words a flowchart or DSL reader takes for syntax where an identifier stands,
 * compared case-insensitively. Mermaid flowchart keywords (its lexer, checked
 * with mermaid 11: `end`, `style`, `class`, `click`, `call`, `href`,
 * `interpolate`, `subgraph`, `graph`, `flowchart` and `_self`… break a node
 * line) and Structurizr DSL keywords (model, views, element types, view types,
 * view and style statements).
 */
export const reservedIdentifiers: ReadonlySet<string> = new Set(
  [
    // Mermaid flowchart
    'end', 'subgraph', 'graph', 'flowchart', 'style', 'classDef', 'class', 'click', 'call', 'href', 'linkStyle',
    'interpolate', 'direction', 'default', '_self', '_blank', '_parent', '_top', 'accTitle', 'accDescr',
    // Structurizr DSL: workspace and model
    'workspace', 'model', 'views', 'styles', 'theme', 'themes', 'branding', 'terminology', 'configuration', 'users',
    'properties', 'perspectives', 'tags', 'tag', 'description', 'technology', 'url', 'group', 'enterprise',
    'person', 'softwareSystem', 'container', 'component', 'element', 'elements', 'relationship', 'relationships',
    'deploymentEnvironment', 'deploymentGroup', 'deploymentNode', 'infrastructureNode', 'softwareSystemInstance',
    'containerInstance', 'healthCheck', 'instanceOf', 'archetypes', 'extends', 'this', 'ref', 'docs', 'adrs',
    'constant', 'const', 'var', 'identifiers', 'impliedRelationships', 'plugin', 'script', 'scope', 'visibility',
    // Structurizr DSL: views
    'systemLandscape', 'systemContext', 'filtered', 'dynamic', 'deployment', 'custom', 'image', 'include',
    'exclude', 'autoLayout', 'autolayout', 'animation', 'title', 'name',
  ].map((word) => word.toLowerCase()),
);

const notIdentifierRun = /[^a-z0-9]+/g;

/** The identifier a name gives before repeats are numbered. */
export function identifierBase(name: string): string {
  let id = name.toLowerCase().replace(notIdentifierRun, '_');
  if (id === '') id = 'element';
  if (id.charCodeAt(0) >= 0x30 && id.charCodeAt(0) <= 0x39) id = `element_${id}`;
  if (reservedIdentifiers.has(id)) id = `${id}_`;
  return id;
}

/**
 * Unique identifiers for named records (elements, views), by record ID. In
 * ordinal name then ID order, the first record with a base identifier keeps
 * it; a later one gets the first free `_2`, `_3`… A numbered identifier never
 * takes a base another record holds (names `a`, `a`, `a 2` give `a`, `a_3`,
 * `a_2`), so adding a record elsewhere in the order cannot rename the holder
 * of a plain base.
 *
 * @example
 * assignIdentifiers([{ id: 'x', name: 'Shop' }, { id: 'y', name: 'shop' }]); // x → shop, y → shop_2
 */
export function assignIdentifiers(records: Iterable<{ readonly id: string; readonly name: string }>): Map<string, string> {
  const ordered = [...records].sort(compareByNameThenId);
  const bases = ordered.map((record) => identifierBase(record.name));
  const taken = new Set<string>(bases);
  const holder = new Set<string>();
  const nextNumber = new Map<string, number>();
  const result = new Map<string, string>();
  ordered.forEach((record, i) => {
    const base = bases[i]!;
    if (!holder.has(base)) {
      holder.add(base);
      result.set(record.id, base);
      return;
    }
    let n = nextNumber.get(base) ?? 2;
    while (taken.has(`${base}_${n}`)) n++;
    const id = `${base}_${n}`;
    taken.add(id);
    nextNumber.set(base, n + 1);
    result.set(record.id, id);
  });
  return result;
}
