/**
 * The elements loaded so far as a tree by `parentId`. An element whose parent
 * is not loaded yet (a later page) stands at the top with `parentMissing`, so
 * nothing loaded is hidden. With a filter, a branch of the tree stays when it
 * holds a match; the elements kept only to show where a match sits are marked
 * `matches: false`.
 */
import type { ElementRecord } from './model-api';

export interface ElementNode {
  element: ElementRecord;
  children: ElementNode[];
  /** False for an element kept only as the ancestor of a match. */
  matches: boolean;
  /** Its parent is named but not among the loaded elements. */
  parentMissing: boolean;
}

const byName = (a: ElementNode, b: ElementNode) => a.element.name.localeCompare(b.element.name) || (a.element.id < b.element.id ? -1 : 1);

export function buildElementTree(elements: readonly ElementRecord[], matches: (element: ElementRecord) => boolean = () => true): ElementNode[] {
  const byId = new Map(elements.map((e) => [e.id, e]));
  const childrenOf = new Map<string | null, ElementRecord[]>();
  for (const element of elements) {
    const parent = element.parentId !== null && byId.has(element.parentId) ? element.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(element);
    childrenOf.set(parent, list);
  }
  // The model forbids parent cycles; `seen` keeps a broken answer from looping.
  const seen = new Set<string>();
  const grow = (element: ElementRecord, parentMissing: boolean): ElementNode | null => {
    if (seen.has(element.id)) return null;
    seen.add(element.id);
    const children = (childrenOf.get(element.id) ?? []).map((child) => grow(child, false)).filter((n): n is ElementNode => n !== null);
    const own = matches(element);
    if (!own && children.length === 0) return null;
    return { element, children: children.sort(byName), matches: own, parentMissing };
  };
  return (childrenOf.get(null) ?? [])
    .map((element) => grow(element, element.parentId !== null))
    .filter((n): n is ElementNode => n !== null)
    .sort(byName);
}

/** Every node ID of the tree that has children (for "expand all"). */
export function branchIds(nodes: readonly ElementNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.element.id, ...branchIds(node.children)] : []));
}

export function countMatches(nodes: readonly ElementNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.matches ? 1 : 0) + countMatches(node.children), 0);
}
