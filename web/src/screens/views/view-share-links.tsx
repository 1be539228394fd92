import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { LinkPolicyNotice } from './link-policy-notice';
import { ShareLinkForm } from './share-link-form';
import { ShareLinkTable } from './share-link-table';
import { shareLinksApi } from './views-api';

/** The share links of one view: the workspace policy, a form for editors, and the links with their status. */
export function ViewShareLinks({ workspaceId, projectId, viewId, editable }: { workspaceId: string; projectId: string; viewId: string; editable: boolean }) {
  const links = useLoad((signal) => shareLinksApi.list(projectId, viewId, signal), [projectId, viewId]);
  return (
    <section class="view-share-links" aria-labelledby="share-links-heading">
      <h2 id="share-links-heading">Share links</h2>
      <p class="hint">A share link opens this view read-only, with its Mermaid and DSL downloads, to anyone holding the address, without signing in.</p>
      <LinkPolicyNotice workspaceId={workspaceId} />
      {editable ? <ShareLinkForm projectId={projectId} viewId={viewId} onCreated={links.reload} /> : null}
      <h3>Links of this view</h3>
      <Loaded state={links} label="Reading the share links…">
        {(items) => <ShareLinkTable projectId={projectId} rows={items.map((link) => ({ link }))} editable={editable} onChanged={links.reload} />}
      </Loaded>
    </section>
  );
}
