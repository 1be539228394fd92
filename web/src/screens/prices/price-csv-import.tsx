import { useId, useState } from 'preact/hooks';
import { Form, TextAreaField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { type CsvResult, pricesApi } from './prices-api';

/** The header a price CSV needs (docs/prices.md "CSV"; any order is read). */
export const priceCsvHeader = 'provider,region,sku,description,unit,unitPrice,currency,effectiveDate';

function RefusedRows({ refused }: { refused: CsvResult['refused'] }) {
  if (refused.length === 0) return null;
  return (
    <div class="table-scroll">
      <table class="prices-refused">
        <caption>Refused rows ({refused.length}), by their line in the file</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {refused.map((row) => (
            <tr key={row.line} data-line={row.line}>
              <td class="prices-amount">{row.line}</td>
              <td>
                <ul class="plain-list">
                  {row.errors.map((e) => (
                    <li key={`${e.field}:${e.message}`}>
                      <code>{e.field}</code> {e.message}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * POST W/prices/csv: the text typed or pasted, or read from a file chosen here (read in the
 * browser, then sent as the same text). The answer: how many prices were added and each
 * refused row with its line; a CSV refused as a whole (a wrong header) is the error of `csv`.
 */
export function PriceCsvImport({ workspaceId, onAdded }: { workspaceId: string; onAdded: () => void }) {
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<CsvResult | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileId = useId();
  const submit = useAction(async () => {
    setResult(null);
    const answer = await pricesApi.importCsv(workspaceId, csv);
    setResult(answer);
    if (answer.added.length > 0) onAdded();
  });
  const readFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      setCsv(await file.text());
      setFileProblem(null);
    } catch (cause) {
      setFileProblem(`Could not read ${file.name}: ${String(cause)}`);
    }
  };
  return (
    <Form label="Import prices from a CSV" class="prices-form prices-csv" onSubmit={() => void submit.run()}>
      <p class="hint">
        The first line names the columns <code>{priceCsvHeader}</code>, in any order. Each row is checked like a custom price; good rows are added, refused ones are listed with their line.
      </p>
      <div class="field">
        <label for={fileId}>Read a CSV file</label>
        <input id={fileId} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void readFile(e.currentTarget as HTMLInputElement)} />
        {fileProblem ? (
          <small class="field-error" role="alert">
            {fileProblem}
          </small>
        ) : null}
      </div>
      <FormProblem error={submit.error} fields={['csv']} />
      <TextAreaField label="CSV text" field="csv" error={submit.error} value={csv} onValue={setCsv} rows={8} spellcheck={false} class="code" />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Importing…' : 'Import CSV'}
        </button>
      </div>
      {result ? (
        <div class="notice success" role="status">
          <p>
            <strong>Added {result.added.length}</strong>
            {result.refused.length > 0 ? `, refused ${result.refused.length}` : ''}.
          </p>
          <RefusedRows refused={result.refused} />
        </div>
      ) : null}
    </Form>
  );
}
