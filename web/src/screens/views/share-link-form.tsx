import { useState } from 'preact/hooks';
import { CopyButton } from '../../components/copy-button';
import { Form, SelectField, TextField } from '../../components/form';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { type CreatedShareLink, type View, shareLinksApi } from './views-api';

/** The `datetime-local` value as an ISO 8601 timestamp with a zone (what the API takes), or null when empty. */
function expiryOf(local: string): string | null {
  if (local.trim() === '') return null;
  const at = new Date(local);
  // An unreadable value goes to the API as typed, so its message shows beside the field.
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** The link just made: its address is in this answer only (docs/sharing.md), so it is shown with a copy button. */
function CreatedLink({ link }: { link: CreatedShareLink }) {
  const address = new URL(link.url, window.location.origin).href;
  return (
    <div class="notice success created-link" role="status">
      <strong>Share link created.</strong> Copy its address now: the service shows it only this once.
      <p>
        Address: <code class="secret share-address">{address}</code>
      </p>
      <div class="actions">
        <CopyButton text={address} label="Copy link" />
        <a href={address} target="_blank" rel="noopener noreferrer">
          Open the shared page
        </a>
      </div>
      {link.hasPassword ? <p class="hint">Readers are asked for the password you set.</p> : null}
    </div>
  );
}

/**
 * Makes a share link of a view (POST …/share-links: optional password,
 * optional expiry). With `views`, the view is chosen here; otherwise it is
 * `viewId`. The policy's refusals show where they belong: a password the
 * policy asks for beside the password, `share_link_not_allowed` (policy
 * `off`) beside the button.
 */
export function ShareLinkForm({
  projectId,
  viewId,
  views,
  onCreated,
}: {
  projectId: string;
  viewId?: string;
  views?: readonly View[];
  onCreated: () => void;
}) {
  const [chosenView, setChosenView] = useState(viewId ?? views?.[0]?.id ?? '');
  const [password, setPassword] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const create = useAction(async () => {
    setCreated(null);
    const link = await shareLinksApi.create(projectId, chosenView, { password: password === '' ? null : password, expiresAt: expiryOf(expires) });
    setCreated(link);
    setPassword('');
    setExpires('');
    onCreated();
    return link;
  });
  const fieldErrorsOnly = create.error !== undefined && create.error.problem.errors.length > 0 && create.error.problem.errors.every((e) => e.field === 'password' || e.field === 'expiresAt');
  return (
    <div class="share-link-form">
      <Form label="New share link" onSubmit={() => void create.run()}>
        {views ? (
          <SelectField label="View" field="viewId" value={chosenView} onValue={setChosenView} options={views.map((v) => ({ value: v.id, label: v.name }))} />
        ) : null}
        <TextField
          label="Password (optional)"
          field="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={create.error}
          hint="10 to 200 characters. Readers must type it before they see the view."
        />
        <TextField
          label="Expires (optional)"
          field="expiresAt"
          type="datetime-local"
          value={expires}
          onValue={setExpires}
          error={create.error}
          hint="Your local time. Left empty, the link does not expire."
        />
        <div class="actions">
          <button type="submit" disabled={create.pending || chosenView === ''}>
            {create.pending ? 'Creating…' : 'Create share link'}
          </button>
        </div>
        {fieldErrorsOnly ? null : <ErrorNotice error={create.error} />}
      </Form>
      {created ? <CreatedLink link={created} /> : null}
    </div>
  );
}
