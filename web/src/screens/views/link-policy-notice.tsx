import { Link } from '../../router';
import { workspacePath } from '../../navigation';
import { useLoad } from '../../components/use-load';
import { workspaceSharing } from './views-api';

const policyMeaning: Record<string, string> = {
  public: 'every link that is not revoked or expired opens its view.',
  'password-only': 'only links with a password open; a new link needs a password.',
  off: 'no link opens and no link can be created.',
};

/** The workspace's effective `sharing.linkPolicy` (part 2), so a refusal or a `blocked` status is no surprise. */
export function LinkPolicyNotice({ workspaceId }: { workspaceId: string }) {
  const sharing = useLoad((signal) => workspaceSharing(workspaceId, signal), [workspaceId]);
  const policy = sharing.data?.linkPolicy;
  if (!policy) return null;
  return (
    <p class={`notice link-policy policy-${policy}`}>
      Workspace link policy <strong>{policy}</strong>: {policyMeaning[policy] ?? ''} <Link href={workspacePath(workspaceId, 'settings')}>Workspace settings</Link>
    </p>
  );
}
