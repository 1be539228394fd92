import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { formatTime } from './formatting';
import { type ShareLink, type ShareLinkStatus, shareLinksApi } from './views-api';

/** What each status means for the link's readers (docs/sharing.md "status"). */
const statusMeaning: Record<ShareLinkStatus, string> = {
  active: 'The link opens the view.',
  expired: 'Its expiry has passed: the link answers 404 for good.',
  revoked: 'Revoked: the link answers 404 for good.',
  blocked: 'The workspace link policy does not allow it now: it answers 404 until the policy allows it again.',
};

export function ShareLinkStatusBadge({ status }: { status: ShareLinkStatus }) {
  return (
    <span class={`badge link-status status-${status}`} title={statusMeaning[status]}>
      {status}
    </span>
  );
}

function RevokeButton({ projectId, link, label, onRevoked }: { projectId: string; link: ShareLink; label: string; onRevoked: () => void }) {
  const revoke = useAction(async () => {
    await shareLinksApi.revoke(projectId, link.id);
    onRevoked();
  });
  return (
    <>
      <ConfirmButton label="Revoke" subject={label} question={`Revoke ${label}? It stops working at once, for good.`} confirmLabel="Yes, revoke" cancelLabel="Keep it" pending={revoke.pending} onConfirm={() => void revoke.run()} />
      <ErrorNotice error={revoke.error} />
    </>
  );
}

export interface LinkRow {
  link: ShareLink;
  /** Shown when the table lists links of several views. */
  viewName?: string;
}

/** Share links with their status, password, expiry and, for editors, a revoke button. Tokens are never listed: the API gives them once. */
export function ShareLinkTable({ projectId, rows, editable, onChanged }: { projectId: string; rows: readonly LinkRow[]; editable: boolean; onChanged: () => void }) {
  if (rows.length === 0) return <Empty>No share links.</Empty>;
  const withViews = rows.some((row) => row.viewName !== undefined);
  return (
    <div class="table-scroll">
      <table class="share-links">
        <caption class="offscreen">Share links</caption>
        <thead>
          <tr>
            {withViews ? <th scope="col">View</th> : null}
            <th scope="col">Status</th>
            <th scope="col">Password</th>
            <th scope="col">Expires</th>
            <th scope="col">Created</th>
            {editable ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ link, viewName }) => {
            const label = `the link created ${formatTime(link.createdAt)}${viewName ? ` to ${viewName}` : ''}`;
            return (
              <tr key={link.id} data-link-id={link.id}>
                {withViews ? <td>{viewName}</td> : null}
                <td>
                  <ShareLinkStatusBadge status={link.status} />
                  {link.revokedAt ? <small class="hint"> {formatTime(link.revokedAt)}</small> : null}
                </td>
                <td>{link.hasPassword ? 'Yes' : 'No'}</td>
                <td>{link.expiresAt ? formatTime(link.expiresAt) : 'Never'}</td>
                <td>{formatTime(link.createdAt)}</td>
                {editable ? <td>{link.status === 'revoked' ? null : <RevokeButton projectId={projectId} link={link} label={label} onRevoked={onChanged} />}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
