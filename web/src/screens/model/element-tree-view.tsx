import { useState } from 'preact/hooks';
import { TruthBadges } from '../../components/truth-badges';
import { Link } from '../../router';
import { recordHref } from './model-address';
import { branchIds, type ElementNode } from './element-tree';
import { recordSummary } from './record-title';

type OpenMode = 'top' | 'all' | 'none';

interface TreeProps {
  nodes: ElementNode[];
  workspaceId: string;
  projectId: string;
  branchId: string | null;
  /** While filtering every kept branch starts open, so each match is in sight. */
  filtering: boolean;
}

/**
 * Elements by parent as nested lists: each element with children has a
 * button that opens or closes them (aria-expanded), its name links to its
 * record page, and its truth badges follow. Tab moves through buttons and
 * links; Enter or Space opens and closes.
 */
export function ElementTreeView({ nodes, workspaceId, projectId, branchId, filtering }: TreeProps) {
  const [mode, setMode] = useState<OpenMode>('top');
  // IDs toggled by hand away from what the mode says.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (id: string, depth: number) => {
    const byDefault = filtering || mode === 'all' || (mode === 'top' && depth === 0);
    return toggled.has(id) ? !byDefault : byDefault;
  };
  const toggle = (id: string) =>
    setToggled((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const openAll = (next: OpenMode) => {
    setMode(next);
    setToggled(new Set());
  };

  const renderNodes = (list: ElementNode[], depth: number) =>
    list.map((node) => {
      const { element } = node;
      const open = isOpen(element.id, depth);
      const summary = recordSummary('elements', element);
      return (
        <li key={element.id} class={node.matches ? undefined : 'context-only'}>
          <div class="tree-row">
            {node.children.length > 0 ? (
              <button type="button" class="tree-toggle" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${element.name}`} onClick={() => toggle(element.id)}>
                {open ? '▾' : '▸'}
              </button>
            ) : (
              <span class="tree-spacer" aria-hidden="true" />
            )}
            <Link href={recordHref(workspaceId, projectId, branchId, 'elements', element.id)}>{element.name}</Link>
            {summary ? <span class="muted">{summary}</span> : null}
            {node.children.length > 0 ? <span class="muted">({node.children.length} inside)</span> : null}
            <TruthBadges record={element} />
            {node.parentMissing ? <span class="badge">parent not loaded yet</span> : null}
          </div>
          {open && node.children.length > 0 ? <ul>{renderNodes(node.children, depth + 1)}</ul> : null}
        </li>
      );
    });

  const expandable = branchIds(nodes).length > 0;
  return (
    <div class="element-tree">
      {expandable && !filtering ? (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => openAll('all')}>
            Expand all
          </button>
          <button type="button" class="secondary" onClick={() => openAll('none')}>
            Collapse all
          </button>
        </div>
      ) : null}
      <ul class="tree" aria-label="Elements by parent">
        {renderNodes(nodes, 0)}
      </ul>
    </div>
  );
}
