import { Empty } from '../../components/status';
import { workspacePath } from '../../navigation';
import { Link } from '../../router';
import { type AiUsage, budgetSpent, budgetText } from './ai-usage-api';

function LeftCell({ leftUsd }: { leftUsd: string | null }) {
  if (leftUsd === null) return <span class="hint">no limit</span>;
  return (
    <>
      <span class="ai-usage-amount">{leftUsd} USD</span>
      {budgetSpent(leftUsd) ? <span class="badge ai-usage-spent">spent: calls refused</span> : null}
    </>
  );
}

/** This month's spend of the workspace and of each provider against their budgets, amounts exactly as the API gives them. */
export function ProviderSpend({ workspaceId, usage }: { workspaceId: string; usage: AiUsage }) {
  return (
    <section class="ai-usage-month" aria-labelledby="ai-usage-month-heading">
      <h2 id="ai-usage-month-heading">Spend in {usage.month} (UTC)</h2>
      <dl class="facts ai-usage-total">
        <div>
          <dt>Spent by the workspace</dt>
          <dd class="ai-usage-amount">{usage.totalUsd} USD</dd>
        </div>
        <div>
          <dt>Monthly AI budget</dt>
          <dd>{budgetText(usage.workspaceBudgetUsd)}</dd>
        </div>
        <div>
          <dt>Left this month</dt>
          <dd>
            <LeftCell leftUsd={usage.workspaceBudgetLeftUsd} />
          </dd>
        </div>
      </dl>
      <p class="hint">
        From {usage.monthStart} to {usage.monthEnd}. Costs are tokens at the providers’ list prices of {usage.pricesListedIn}. The budgets are the settings <code>usage.monthlyAiBudgetUsd</code> and each provider’s{' '}
        <code>monthlyBudgetUsd</code>, on the <Link href={workspacePath(workspaceId, 'settings')}>Settings</Link> screen.
      </p>
      {usage.providers.length === 0 ? (
        <Empty>No AI provider is set up and none spent this month.</Empty>
      ) : (
        <div class="table-scroll">
          <table class="ai-usage-providers">
            <caption class="offscreen">Spend per provider</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Model</th>
                <th scope="col" class="ai-usage-number">
                  Calls
                </th>
                <th scope="col" class="ai-usage-number">
                  Spent
                </th>
                <th scope="col">Monthly budget</th>
                <th scope="col">Left</th>
                <th scope="col">Requests per minute</th>
              </tr>
            </thead>
            <tbody>
              {usage.providers.map((p) => (
                <tr key={p.providerId} data-provider={p.providerId}>
                  <th scope="row">
                    {p.name ?? <span class="hint">removed provider</span>} {p.kind ? <span class="badge">{p.kind}</span> : null}
                    {p.enabled === false ? <span class="badge ai-usage-disabled">disabled</span> : null}
                    <div class="hint ai-usage-id">{p.providerId}</div>
                  </th>
                  <td>{p.model ?? '—'}</td>
                  <td class="ai-usage-number">{p.calls}</td>
                  <td class="ai-usage-number ai-usage-amount">{p.costUsd} USD</td>
                  {p.name === null ? (
                    // A removed provider has no settings left: no budget, no limit to show.
                    <td colSpan={3} class="hint">
                      no longer in the settings
                    </td>
                  ) : (
                    <>
                      <td>{budgetText(p.monthlyBudgetUsd)}</td>
                      <td>
                        <LeftCell leftUsd={p.budgetLeftUsd} />
                      </td>
                      <td>{p.requestsPerMinute ?? 'no limit'}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
