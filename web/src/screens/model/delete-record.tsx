import { useState } from 'preact/hooks';
import type { FieldError } from '../../api/client';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, navigate } from '../../router';
import { deleteRecord, sectionLabels, sectionOfKind, type Section } from './model-api';
import { recordHref, sectionListHref } from './model-address';
import { forgetRecords } from './record-cache';

interface Props {
  workspaceId: string;
  projectId: string;
  branchId: string | null;
  section: Section;
  id: string;
  title: string;
}

/** A referrer of a refused delete (`errors[].field` is `<kind>:<id>`) as a link to it. */
function Referrer({ error, workspaceId, projectId, branchId }: { error: FieldError; workspaceId: string; projectId: string; branchId: string | null }) {
  const colon = error.field.indexOf(':');
  const kind = colon > 0 ? error.field.slice(0, colon) : '';
  const id = colon > 0 ? error.field.slice(colon + 1) : error.field;
  const section = sectionOfKind(kind);
  const href = section ? recordHref(workspaceId, projectId, branchId, section, id) : kind === 'view' ? projectPath(workspaceId, projectId, 'views', id) : null;
  return (
    <li>
      {href ? <Link href={href}>{`${kind} ${id}`}</Link> : <code>{error.field}</code>} {error.message}
    </li>
  );
}

/**
 * Delete with a confirmation step. A record others still name is not
 * deleted: the API answers 409 with each referrer, listed here as links so
 * they can be changed first.
 */
export function DeleteRecord({ workspaceId, projectId, branchId, section, id, title }: Props) {
  const [confirming, setConfirming] = useState(false);
  const action = useAction(async () => {
    await deleteRecord(projectId, section, id, branchId);
    forgetRecords();
    navigate(sectionListHref(workspaceId, projectId, branchId, section));
  });
  const refused = action.error?.status === 409 ? action.error : undefined;
  return (
    <div class="delete-record">
      {confirming ? (
        <fieldset class="notice">
          <legend>Confirm delete</legend>
          <p>
            Delete the {sectionLabels[section].singular} “{title}”{branchId ? ' from this branch' : ''}?
          </p>
          <div class="actions">
            <button type="button" class="danger" onClick={() => void action.run()} disabled={action.pending}>
              {action.pending ? 'Deleting…' : 'Delete for good'}
            </button>
            <button type="button" class="secondary" onClick={() => {
                setConfirming(false);
                action.clearError();
              }}>
              Keep it
            </button>
          </div>
        </fieldset>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {refused ? (
        <div class="error-notice" role="alert">
          <strong>{refused.problem.title}: not deleted</strong>
          <p>These records still refer to it; change or delete them first:</p>
          <ul class="referrers">
            {refused.problem.errors.map((e) => (
              <Referrer key={e.field} error={e} workspaceId={workspaceId} projectId={projectId} branchId={branchId} />
            ))}
          </ul>
        </div>
      ) : (
        <ErrorNotice error={action.error} />
      )}
    </div>
  );
}
