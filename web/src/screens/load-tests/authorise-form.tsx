import { useState } from 'preact/hooks';
import { Form, TextField } from '../../components/form';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link } from '../../router';
import { FormProblem } from '../account/form-problem';
import { getProject } from '../model/model-api';
import { type LoadTestTarget, targetsApi } from './load-tests-api';

/**
 * An owner authorises a target: the base URL load may be sent to, an
 * environment name, and the main model version they looked at, shown here
 * and sent as it is. When main moved meanwhile the API answers 409 with its
 * own words; the form shows them and offers to authorise again at the
 * version main is at now, read afresh.
 */
export function AuthoriseForm({ workspaceId, projectId, target, onSaved, onCancel }: { workspaceId: string; projectId: string; target: LoadTestTarget; onSaved: (t: LoadTestTarget) => void; onCancel: () => void }) {
  const [baseUrl, setBaseUrl] = useState(target.authorisation?.baseUrl ?? '');
  const [environment, setEnvironment] = useState(target.authorisation?.environment ?? '');
  // The version the person is shown, fixed when first read: a newer main must be looked at, not taken unseen.
  const [version, setVersion] = useState<number | null>(null);
  const [mainNow, setMainNow] = useState<number | null>(null);
  const project = useLoad(async (signal) => {
    const p = await getProject(projectId, signal);
    setVersion((shown) => shown ?? p.modelVersion);
    return p;
  }, [projectId]);
  const save = useAction(async (at: number) => {
    setVersion(at);
    setMainNow(null);
    try {
      onSaved(await targetsApi.authorise(projectId, target.id, { baseUrl, environment: environment.trim() === '' ? null : environment, version: at }));
    } catch (cause) {
      if ((cause as { status?: number }).status === 409) setMainNow((await getProject(projectId)).modelVersion);
      throw cause;
    }
  });
  const conflict = save.error?.status === 409;
  return (
    <Loaded state={project} label="Reading the model version…">
      {() => (
        <Form label={`Authorise ${target.name}`} onSubmit={() => void save.run(version!)} class="load-tests-authorise-form">
          {conflict ? (
            <div class="load-tests-conflict">
              <ErrorNotice error={save.error} />
              {mainNow !== null ? (
                <p>
                  Main is at version {mainNow} now. <Link href={projectPath(workspaceId, projectId, 'history')}>Look at what changed</Link>, then{' '}
                  <button type="button" onClick={() => void save.run(mainNow)} disabled={save.pending}>
                    Authorise at version {mainNow}
                  </button>
                </p>
              ) : null}
            </div>
          ) : (
            <FormProblem error={save.error} fields={['baseUrl', 'environment', 'version']} />
          )}
          <p class="load-tests-version" data-field="version">
            Main model version <strong>{version}</strong>: the version you authorise against.{' '}
            <span class="hint">
              A script is refused once main moves past it. <Link href={projectPath(workspaceId, projectId, 'model')}>Look at the model</Link>.
            </span>
          </p>
          {!conflict && save.error?.fieldMessage('version') ? (
            <p class="field-error" role="alert">
              {save.error.fieldMessage('version')}
            </p>
          ) : null}
          <TextField label="Base URL" field="baseUrl" type="url" error={save.error} value={baseUrl} onValue={setBaseUrl} hint="Where load may be sent: absolute http or https, no query or fragment; paths are appended to it." required />
          <TextField label="Environment (optional)" field="environment" error={save.error} value={environment} onValue={setEnvironment} hint="A name such as staging; empty for none." />
          <div class="actions">
            {conflict && mainNow !== null ? null : (
              <button type="submit" disabled={save.pending}>
                {save.pending ? 'Authorising…' : `Authorise at version ${version}`}
              </button>
            )}
            <button type="button" class="secondary" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </Form>
      )}
    </Loaded>
  );
}
