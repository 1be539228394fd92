import type { ApiError } from '../../api/client';
import { ErrorNotice } from '../../components/status';
import { workspacePath } from '../../navigation';
import { Link } from '../../router';
import { FormProblem } from '../account/form-problem';

/**
 * A catalog's refusal as the API words it: a 502 names the catalog that failed in its title
 * and detail; a missing Google key (409 on `gcp:apiKey`) or an Azure search turned off (409 on
 * `cost.azurePricesBaseUrl`) also points to the screen where an owner fixes it. A 400 about
 * the form's own `fields` is pointed at: those messages stand beside their fields.
 */
export function CatalogProblem({ workspaceId, error, fields }: { workspaceId: string; error: ApiError | undefined; fields?: readonly string[] }) {
  if (!error) return null;
  return (
    <>
      {fields && error.status === 400 ? <FormProblem error={error} fields={fields} /> : <ErrorNotice error={error} />}
      {error.fieldMessage('gcp:apiKey') ? (
        <p class="prices-fix">
          Save the Google Cloud API key as the credential <code>gcp:apiKey</code> on the <Link href={workspacePath(workspaceId, 'secrets')}>Credentials</Link> screen.
        </p>
      ) : null}
      {error.fieldMessage('cost.azurePricesBaseUrl') ? (
        <p class="prices-fix">
          The Azure address is the workspace setting <code>cost.azurePricesBaseUrl</code>, on the <Link href={workspacePath(workspaceId, 'settings')}>Settings</Link> screen.
        </p>
      ) : null}
    </>
  );
}
