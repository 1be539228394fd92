import { Loaded } from '../../components/status';
import { type LoadState, useLoad } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { Link } from '../../router';
import type { SecretStatus } from '../account/account-api';
import { webhookSecretName, webhooksApi } from './webhooks-api';

/** The effective webhook address (null: none) and the signing key's status. */
export function useWebhookSetup(workspaceId: string) {
  return useLoad(async (signal) => {
    const [settings, secrets] = await Promise.all([webhooksApi.settings(workspaceId, signal), webhooksApi.secrets(workspaceId, signal)]);
    const url = settings.effective.notifications?.webhookUrl;
    return { url: typeof url === 'string' && url !== '' ? url : null, secret: secrets.items.find((s) => s.name === webhookSecretName) ?? null };
  }, [workspaceId]);
}

/**
 * Where the workspace's events go now: the effective `notifications.webhookUrl` and the state of
 * the signing key, each linked to the screen that changes it. Events are stored only while an
 * address is set, and nothing is sent without a key for the address's origin.
 */
export function WebhookSetup({ workspaceId, state }: { workspaceId: string; state: LoadState<{ url: string | null; secret: SecretStatus | null }> }) {
  return (
    <section class="webhooks-setup notice" aria-labelledby="webhooks-setup-heading">
      <h2 id="webhooks-setup-heading">Where events go</h2>
      <Loaded state={state} label="Reading the webhook settings…">
        {({ url, secret }) => (
          <dl class="facts">
            <div>
              <dt>Address</dt>
              <dd>
                {url ? <code class="webhooks-url">{url}</code> : <span>None set: comments store no events and nothing is sent.</span>}{' '}
                <Link href={`${workspacePath(workspaceId, 'settings')}#settings-notifications`}>Change it in Settings (Notifications)</Link>
              </dd>
            </div>
            <div>
              <dt>Signing key</dt>
              <dd>
                <code>{webhookSecretName}</code>: {secret ? <span class={`badge secret-${secret.status}`}>{secret.status.replaceAll('_', ' ')}</span> : <span class="badge">unknown</span>}{' '}
                {secret?.message ?? ''} <Link href={workspacePath(workspaceId, 'secrets')}>Set it in Credentials</Link>
              </dd>
            </div>
          </dl>
        )}
      </Loaded>
    </section>
  );
}
