import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { PagedList, usePagedList } from '../../components/pager';
import { Empty, Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { me } from '../../session';
import type { AuditEntry, } from './account-api';
import { formatTime } from './account-api';
import { InstanceSettingsSection } from './instance-settings-form';

function yesNo(ok: boolean): string {
  return ok ? 'reachable' : 'NOT reachable';
}

function DiagnosticsSection() {
  const diagnostics = useLoad((signal) => call('GET /api/instance/diagnostics', {}, { signal }), []);
  return (
    <section aria-labelledby="diagnostics">
      <h2 id="diagnostics">Diagnostics</h2>
      <Loaded state={diagnostics} label="Reading the diagnostics…">
        {(d) => (
          <>
            <dl class="facts">
              <dt>Database</dt>
              <dd>{yesNo(d.database.reachable)}</dd>
              <dt>Event store</dt>
              <dd>{yesNo(d.eventStore.reachable)}</dd>
              <dt>Pending migrations</dt>
              <dd>{d.pendingMigrations === null ? 'unknown (database not read)' : d.pendingMigrations.length === 0 ? 'none' : d.pendingMigrations.join(', ')}</dd>
              <dt>Job queue</dt>
              <dd>
                {yesNo(d.jobQueue.reachable)}
                {d.jobQueue.queued !== null ? `, ${d.jobQueue.queued} queued, ${d.jobQueue.locked ?? 0} running` : ''}
              </dd>
              <dt>Worker</dt>
              <dd>{d.worker.lastHeartbeatAt ? `${d.worker.recent ? 'alive' : 'silent'}; last heartbeat ${formatTime(d.worker.lastHeartbeatAt)} (${d.worker.lastWorker ?? 'unknown'})` : 'no heartbeat yet'}</dd>
            </dl>
            <button type="button" class="secondary" onClick={diagnostics.reload}>
              Check again
            </button>
          </>
        )}
      </Loaded>
    </section>
  );
}

/** The instance audit log, newest first; `round` rises when this page changed something, to read it again. */
function AuditSection({ round }: { round: number }) {
  const list = usePagedList<AuditEntry>((cursor, signal) => call('GET /api/instance/audit', {}, { query: { cursor, limit: 25 }, signal }), [round]);
  return (
    <section aria-labelledby="audit">
      <h2 id="audit">Audit log</h2>
      <PagedList list={list} label="Audit log">
        {(items) =>
          items.length === 0 ? (
            <Empty>No entries.</Empty>
          ) : (
            <div class="table-scroll">
              <table aria-label="Audit log">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Action</th>
                    <th scope="col">Who</th>
                    <th scope="col">Workspace</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatTime(entry.at)}</td>
                      <td>
                        <code>{entry.action}</code>
                      </td>
                      <td>{entry.actor}</td>
                      <td>{entry.workspaceId ?? 'instance'}</td>
                      <td>
                        <code class="detail">{JSON.stringify(entry.detail)}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </PagedList>
    </section>
  );
}

/** `/admin`: what the instance administrator runs: settings, diagnostics and the audit log. */
export function AdminScreen() {
  const [auditRound, setAuditRound] = useState(0);
  if (!me.value?.user.isInstanceAdmin) {
    return (
      <section>
        <h1>Administration</h1>
        <p>Only the instance administrator sees this page.</p>
      </section>
    );
  }
  return (
    <section>
      <h1>Administration</h1>
      <DiagnosticsSection />
      <InstanceSettingsSection onSaved={() => setAuditRound((r) => r + 1)} />
      <AuditSection round={auditRound} />
    </section>
  );
}
