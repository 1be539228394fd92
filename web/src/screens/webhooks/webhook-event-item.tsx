import { CopyButton } from '../../components/copy-button';
import { projectPath } from '../../navigation';
import { Link } from '../../router';
import { formatTime } from '../account/account-api';
import { outcomeInWords, statusInWords, type WebhookAttempt, type WebhookDelivery } from './webhooks-api';

function AttemptTable({ attempts }: { attempts: readonly WebhookAttempt[] }) {
  if (attempts.length === 0) return <p class="hint">Not tried yet.</p>;
  return (
    <div class="table-scroll">
      <table class="webhooks-attempts">
        <caption>Tries</caption>
        <thead>
          <tr>
            <th scope="col" class="webhooks-number">
              Try
            </th>
            <th scope="col">Started</th>
            <th scope="col" class="webhooks-number">
              Duration
            </th>
            <th scope="col">Outcome</th>
            <th scope="col" class="webhooks-number">
              Status code
            </th>
            <th scope="col">Error</th>
            <th scope="col">Called</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((a) => (
            <tr key={a.attempt} data-attempt={a.attempt}>
              <td class="webhooks-number">{a.attempt}</td>
              <td>
                <time dateTime={a.at}>{formatTime(a.at)}</time>
              </td>
              <td class="webhooks-number">{a.durationMs} ms</td>
              <td>
                <span class={`badge webhooks-outcome-${a.outcome}`}>{a.outcome}</span>
                <div class="hint">{outcomeInWords(a.outcome)}</div>
              </td>
              <td class="webhooks-number">{a.statusCode ?? '—'}</td>
              <td class="webhooks-error">{a.error ?? '—'}</td>
              <td>{a.targetOrigin ? <code>{a.targetOrigin}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One event: a line with its type, time, status and tries; opened, every try and the body as sent. */
export function WebhookEventItem({ workspaceId, event }: { workspaceId: string; event: WebhookDelivery }) {
  const body = JSON.stringify(event.payload, null, 2);
  const tries = event.attempts.length;
  return (
    <details class={`webhooks-event webhooks-event-${event.status}`} data-event={event.id}>
      <summary>
        <code class="webhooks-type">{event.type}</code> <time dateTime={event.occurredAt}>{formatTime(event.occurredAt)}</time> <span class={`badge webhooks-status-${event.status}`}>{statusInWords(event.status)}</span>{' '}
        <span class="webhooks-tries">
          {tries} {tries === 1 ? 'try' : 'tries'}
        </span>
        {event.status === 'pending' && event.nextTryAt ? <span class="hint"> · next try {formatTime(event.nextTryAt)}</span> : null}
      </summary>
      <div class="webhooks-event-body">
        <dl class="facts">
          <div>
            <dt>Event ID</dt>
            <dd>
              <code>{event.id}</code> <span class="hint">(the Svc-Event-Id header)</span>
            </dd>
          </div>
          <div>
            <dt>Project</dt>
            <dd>
              <Link href={projectPath(workspaceId, event.projectId, 'comments')}>{projectName(event.payload) ?? event.projectId}</Link>
            </dd>
          </div>
          <div>
            <dt>Queued</dt>
            <dd>
              <time dateTime={event.queuedAt}>{formatTime(event.queuedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>{event.finishedAt ? 'Finished' : 'Next try'}</dt>
            <dd>{event.finishedAt ? <time dateTime={event.finishedAt}>{formatTime(event.finishedAt)}</time> : formatTime(event.nextTryAt)}</dd>
          </div>
        </dl>
        <AttemptTable attempts={event.attempts} />
        <h3 class="webhooks-payload-heading">Body as sent</h3>
        <pre class="webhooks-payload">{body}</pre>
        <CopyButton text={body} label="Copy the body" />
      </div>
    </details>
  );
}

/** The project's name as the event carried it (`project.name`), if the body has one. */
function projectName(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const project = (payload as { project?: unknown }).project;
  if (typeof project !== 'object' || project === null) return null;
  const name = (project as { name?: unknown }).name;
  return typeof name === 'string' ? name : null;
}
