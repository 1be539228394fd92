import { Empty } from '../../components/status';
import { projectPath } from '../../navigation';
import { Link } from '../../router';
import { formatTime } from '../account/account-api';
import { type AiCall, type ProviderSpend, reasonInWords } from './ai-usage-api';
import type { WorkspaceNames } from './workspace-names';

function Outcome({ call }: { call: AiCall }) {
  return (
    <>
      <span class={`badge ai-usage-outcome-${call.outcome}`}>{call.outcome}</span>
      {call.reason ? (
        <div class="ai-usage-reason">
          <code>{call.reason}</code>: {reasonInWords(call.reason)}
        </div>
      ) : call.outcome === 'rate-limited' ? (
        <div class="ai-usage-reason">past the provider’s requests per minute</div>
      ) : null}
    </>
  );
}

/** A page of call records, newest first: what was asked of which provider, what it cost and how it ended (never prompt text). */
export function AiCallTable({ workspaceId, calls, providers, names }: { workspaceId: string; calls: AiCall[]; providers: readonly ProviderSpend[]; names: WorkspaceNames | undefined }) {
  if (calls.length === 0) return <Empty>No AI calls yet.</Empty>;
  const providerName = new Map(providers.map((p) => [p.providerId, p.name]));
  return (
    <div class="table-scroll">
      <table class="ai-usage-calls">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Task</th>
            <th scope="col">Provider and model</th>
            <th scope="col">Outcome</th>
            <th scope="col" class="ai-usage-number">
              Tokens in / out
            </th>
            <th scope="col" class="ai-usage-number">
              Cost
            </th>
            <th scope="col" class="ai-usage-number">
              Duration
            </th>
            <th scope="col">By</th>
            <th scope="col">Project</th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => {
            const projectName = call.projectId ? names?.project(call.projectId) : null;
            return (
              <tr key={call.id} data-call={call.id}>
                <td class="ai-usage-time">
                  <time dateTime={call.at}>{formatTime(call.at)}</time>
                </td>
                <td>
                  <code>{call.task}</code>
                </td>
                <td>
                  {providerName.get(call.providerId) ?? <span class="hint">removed provider</span>} <span class="badge">{call.providerKind}</span>
                  <div>{call.model}</div>
                </td>
                <td>
                  <Outcome call={call} />
                </td>
                <td class="ai-usage-number">
                  {call.inputTokens} / {call.outputTokens}
                  {call.usageEstimated ? <div class="hint">estimated</div> : null}
                </td>
                <td class="ai-usage-number ai-usage-amount">{call.costUsd} USD</td>
                <td class="ai-usage-number">
                  {call.durationMs} ms{call.streamed ? <div class="hint">streamed</div> : null}
                </td>
                <td class="ai-usage-actor">{names ? names.actor(call.actor) : call.actor}</td>
                <td>
                  {call.projectId === null ? (
                    <span class="hint">none (or deleted)</span>
                  ) : (
                    <Link href={projectPath(workspaceId, call.projectId)}>{projectName ?? call.projectId}</Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
