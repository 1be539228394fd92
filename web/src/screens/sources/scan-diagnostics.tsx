import type { ScanDiagnostics } from './sources-api';

/**
 * How the scan read the repository (docs/extraction.md "Diagnostics"): the
 * scan's own notes, what each extractor read and made, and the candidates
 * left out of the model with the reason. Nothing for a scan stored before
 * scans kept diagnostics.
 */
export function ScanDiagnosticsSection({ diagnostics }: { diagnostics: ScanDiagnostics | null | undefined }) {
  if (!diagnostics) return null;
  // Most extractors read nothing in a given repository; listing each of them would hide the few that did.
  const working = diagnostics.extractors.filter((e) => e.filesRead > 0 || e.factsMade > 0 || e.notes.length > 0);
  const idle = diagnostics.extractors.length - working.length;
  return (
    <section class="sources-diagnostics" aria-labelledby="scan-diagnostics-heading">
      <h3 id="scan-diagnostics-heading">Diagnostics</h3>
      {diagnostics.notes.length > 0 ? (
        <ul class="sources-diagnostic-notes" aria-label="Notes of the scan">
          {diagnostics.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {working.length > 0 ? (
        <div class="table-scroll">
          <table class="sources-table sources-extractors">
            <caption>What each extractor read and found</caption>
            <thead>
              <tr>
                <th scope="col">Extractor</th>
                <th scope="col">Files read</th>
                <th scope="col">
                  Found <span class="hint">(drafts and hints, before they are combined into facts)</span>
                </th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {working.map((e) => (
                <tr key={e.extractor} data-extractor={e.extractor}>
                  <th scope="row">{e.extractor}</th>
                  <td class="sources-number">{e.filesRead}</td>
                  <td class="sources-number">{e.factsMade}</td>
                  <td>
                    {e.notes.length === 0 ? (
                      '—'
                    ) : (
                      <ul class="sources-diagnostic-notes">
                        {e.notes.map((note) => (
                          <li key={note}>{note}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="empty">No extractor read a file of this scan.</p>
      )}
      {idle > 0 ? <p class="hint">{idle === 1 ? '1 other extractor found no file it reads.' : `${idle} other extractors found no file they read.`}</p> : null}
      {diagnostics.leftOut.length > 0 ? (
        <div class="table-scroll">
          <table class="sources-table sources-left-out">
            <caption>Left out of the model ({diagnostics.leftOut.length})</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">File</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {diagnostics.leftOut.map((c) => (
                <tr key={`${c.path}:${c.name}`}>
                  <th scope="row">{c.name}</th>
                  <td class="sources-where">
                    <code>{c.path}</code>
                  </td>
                  <td>{c.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="hint">No candidate was left out of the model.</p>
      )}
    </section>
  );
}
