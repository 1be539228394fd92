import { useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { Link, type RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { LoadTestsFrame } from './load-tests-frame';
import { figure, type LoadStage, type ProfileValues, profilesApi, type StressProfile } from './load-tests-api';
import { loadTestRole } from './load-tests-role';
import { ProfileForm } from './profile-form';

export function stagesText(stages: readonly LoadStage[]): string {
  return stages.map((s) => `${s.durationSeconds} s to ${s.targetRate}/s`).join(', ');
}

function ProfileCells({ profile }: { profile: ProfileValues }) {
  return (
    <>
      <td>{profile.shape}</td>
      <td class="load-tests-number">{figure(profile.durationSeconds)}</td>
      <td class="load-tests-number">{figure(profile.warmUpSeconds)}</td>
      <td class="load-tests-number">{figure(profile.arrivalRatePerSecond)}</td>
      <td class="load-tests-number">{figure(profile.peakRatePerSecond)}</td>
      <td class="load-tests-number">{figure(profile.virtualUsers)}</td>
      <td class="load-tests-number">{figure(profile.seed)}</td>
      <td>{stagesText(profile.stages)}</td>
    </>
  );
}

function ProfileHeadings() {
  return (
    <>
      <th scope="col">Shape</th>
      <th scope="col" class="load-tests-number">
        Duration (s)
      </th>
      <th scope="col" class="load-tests-number">
        Warm-up (s)
      </th>
      <th scope="col" class="load-tests-number">
        Arrival (/s)
      </th>
      <th scope="col" class="load-tests-number">
        Peak (/s)
      </th>
      <th scope="col" class="load-tests-number">
        Virtual users
      </th>
      <th scope="col" class="load-tests-number">
        Seed
      </th>
      <th scope="col">Stages</th>
    </>
  );
}

function ProfileTable({ projectId, profiles, canEdit, onDeleted }: { projectId: string; profiles: StressProfile[]; canEdit: boolean; onDeleted: () => void }) {
  const remove = useAction(async (profileId: string) => {
    await profilesApi.remove(projectId, profileId);
    onDeleted();
  });
  if (profiles.length === 0) return <Empty>No stress profiles yet.{canEdit ? ' Make one from the starting values below.' : ''}</Empty>;
  return (
    <>
      <ErrorNotice error={remove.error} />
      <div class="table-scroll">
        <table class="load-tests-table">
          <caption class="offscreen">Stress profiles, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <ProfileHeadings />
              <th scope="col">Made</th>
              {canEdit ? (
                <th scope="col">
                  <span class="offscreen">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {profiles.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <ProfileCells profile={p} />
                <td>{formatTime(p.createdAt)}</td>
                {canEdit ? (
                  <td class="row-actions">
                    <ConfirmButton label="Delete" subject={p.name} question={`Delete “${p.name}”?`} confirmLabel="Yes, delete" pending={remove.pending} onConfirm={() => void remove.run(p.id)} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `/w/:ws/p/:p/load-tests/profiles`: the stress profiles, the starting values from the simulation settings, and a new profile. */
export function ProfilesScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const { canEdit } = loadTestRole(workspaceId);
  const profiles = useLoad((signal) => profilesApi.list(projectId, signal), [projectId]);
  const defaults = useLoad((signal) => profilesApi.defaults(projectId, signal), [projectId]);
  // The form starts over from a chosen starting profile: a new key draws it afresh.
  const [start, setStart] = useState<{ values: ProfileValues | null; round: number }>({ values: null, round: 0 });
  return (
    <LoadTestsFrame workspaceId={workspaceId} projectId={projectId} tab="profiles">
      <h2>Stress profiles</h2>
      <p class="hint">A profile is the load a script drives: its shape, duration, rates and virtual users. A made profile keeps its values when the settings change.</p>
      <Loaded state={profiles} label="Reading the profiles…">
        {({ items }) => <ProfileTable projectId={projectId} profiles={items} canEdit={canEdit} onDeleted={profiles.reload} />}
      </Loaded>
      <h2>Starting values</h2>
      <Loaded state={defaults} label="Reading the simulation settings…">
        {(d) => (
          <>
            <p class="hint">
              From the workspace's simulation settings now: seed {d.simulation.seed}, {d.simulation.durationSeconds} s, warm-up {d.simulation.warmUpSeconds} s, {d.simulation.arrivalRatePerSecond} requests per
              second. <Link href={workspacePath(workspaceId, 'settings')}>Workspace settings</Link>
            </p>
            <div class="table-scroll">
              <table class="load-tests-table">
                <caption class="offscreen">A new profile of each shape from the settings</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <ProfileHeadings />
                    {canEdit ? (
                      <th scope="col">
                        <span class="offscreen">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {d.profiles.map((p) => (
                    <tr key={p.shape}>
                      <th scope="row">{p.name}</th>
                      <ProfileCells profile={p} />
                      {canEdit ? (
                        <td class="row-actions">
                          <button type="button" class="secondary" aria-label={`Start from ${p.name}`} onClick={() => setStart((s) => ({ values: p, round: s.round + 1 }))}>
                            Start from this
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Loaded>
      {canEdit ? (
        <div class="panel">
          <h2>Make a profile</h2>
          <ProfileForm key={start.round} projectId={projectId} start={start.values} onCreated={profiles.reload} />
        </div>
      ) : null}
    </LoadTestsFrame>
  );
}
