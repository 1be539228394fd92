import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import type { WorkspaceItem, WorkspaceSettings } from './account-api';
import { ifMatch } from './account-api';
import { SettingsAiForm } from './settings-ai-form';
import { SettingsGroupForm } from './settings-group-form';
import { settingsGroups } from './settings-groups';
import { WorkspaceFrame } from './workspace-frame';

function PolicyViolations({ view }: { view: WorkspaceSettings }) {
  if (view.policyViolations.length === 0) return null;
  return (
    <div class="notice warning" role="status">
      <strong>Stored values the instance policy refuses</strong>
      <p>They stay stored but do not apply (the instance default does) until they are changed:</p>
      <ul>
        {view.policyViolations.map((v) => (
          <li key={`${v.field}:${v.message}`}>
            <code>{v.field}</code>: {v.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SettingsForms({ workspace, loaded, onReload }: { workspace: WorkspaceItem; loaded: WorkspaceSettings; onReload: () => void }) {
  // The answer of each save replaces what was read, so the next save sends the new version.
  const [view, setView] = useState(loaded);
  const canEdit = workspace.role === 'owner';
  const save = async (overrides: Record<string, unknown>) => {
    const next = await call('PUT /api/workspaces/{workspaceId}/settings', { workspaceId: workspace.id }, { body: overrides, headers: ifMatch(view.version) });
    setView(next);
  };
  return (
    <>
      <p>
        Each value applies to this workspace; a value left at the instance default follows the default when the administrator changes it.{' '}
        {canEdit ? 'Each group saves on its own.' : 'Only owners change them; you see them read-only.'} <span class="hint">Version {view.version}.</span>
      </p>
      <PolicyViolations view={view} />
      <nav class="toc" aria-label="Settings groups">
        <ul>
          <li>
            <a href="#settings-ai">AI providers</a>
          </li>
          {settingsGroups.map((group) => (
            <li key={group.id}>
              <a href={`#settings-${group.id}`}>{group.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <SettingsAiForm workspaceId={workspace.id} view={view} canEdit={canEdit} save={save} onReload={onReload} />
      {settingsGroups.map((group) => (
        <SettingsGroupForm key={group.id} group={group} view={view} canEdit={canEdit} save={save} onReload={onReload} />
      ))}
    </>
  );
}

function Settings({ workspace }: { workspace: WorkspaceItem }) {
  const settings = useLoad((signal) => call('GET /api/workspaces/{workspaceId}/settings', { workspaceId: workspace.id }, { signal }), [workspace.id]);
  return (
    <Loaded state={settings} label="Loading the settings…">
      {/* A reload (after a conflict) draws the forms afresh from what is stored now. */}
      {(loaded) => <SettingsForms key={loaded.version} workspace={workspace} loaded={loaded} onReload={settings.reload} />}
    </Loaded>
  );
}

/** `/w/:workspaceId/settings`: the workspace's settings, a form per group (owner edits, members read). */
export function SettingsScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Settings">
      {(workspace) => <Settings workspace={workspace} />}
    </WorkspaceFrame>
  );
}
