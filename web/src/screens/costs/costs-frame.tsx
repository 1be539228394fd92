import type { ComponentChildren } from 'preact';
import { Link } from '../../router';
import { BranchBar } from '../model/branch-bar';
import { type CostsTab, costsHref } from './costs-address';

const tabs: readonly { tab: CostsTab; label: string; keepsLine: boolean }[] = [
  { tab: '', label: 'Cost sheet', keepsLine: true },
  { tab: 'estimate', label: 'Estimate', keepsLine: true },
  { tab: 'compare', label: 'Compare', keepsLine: false },
  { tab: 'estimates', label: 'Saved estimates', keepsLine: false },
  { tab: 'prices', label: 'Prices used', keepsLine: false },
];

/**
 * Every costs screen: its heading, the costs tabs, and for the screens of one line (the sheet
 * and its estimate) the line picker of the model screens, `?branchId=` in the address.
 */
export function CostsFrame({
  workspaceId,
  projectId,
  tab,
  branchId,
  title,
  children,
}: {
  workspaceId: string;
  projectId: string;
  tab: CostsTab | null;
  /** The line of a one-line screen (undefined: the screen shows no line picker). */
  branchId?: string | null;
  title: string;
  children: ComponentChildren;
}) {
  return (
    <section class="costs-screen">
      <nav class="tabs" aria-label="Costs">
        <ul>
          {tabs.map((t) => (
            <li key={t.tab}>
              <Link href={costsHref(workspaceId, projectId, t.tab, t.keepsLine ? { branchId: branchId ?? null } : {})} aria-current={tab === t.tab ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1>{title}</h1>
      {branchId !== undefined ? <BranchBar workspaceId={workspaceId} projectId={projectId} branchId={branchId} /> : null}
      {children}
    </section>
  );
}
