import { useId } from 'preact/hooks';
import { truthLabels } from '../../components/truth-badges';
import { setQueryParameters } from '../../router';
import { filterParameters, hasFilters, type RecordFilters } from './record-filters';

/** The filter controls; each change rewrites the address (no new history entry), which the screen reads back. */
export function ModelFiltersForm({ filters, factFields }: { filters: RecordFilters; factFields: boolean }) {
  const id = useId();
  const set = (change: Partial<RecordFilters>) => setQueryParameters(filterParameters({ ...filters, ...change }));
  return (
    <search>
      <form class="model-filters" aria-label="Filter records" onSubmit={(e) => e.preventDefault()}>
      <div class="field">
        <label for={`${id}-q`}>Name contains</label>
        <input id={`${id}-q`} type="search" value={filters.text} onInput={(e) => set({ text: (e.currentTarget as HTMLInputElement).value })} />
      </div>
      {factFields ? (
        <>
          <div class="field">
            <label for={`${id}-truth`}>Truth label</label>
            <select id={`${id}-truth`} value={filters.truth ?? ''} onChange={(e) => set({ truth: (e.currentTarget as HTMLSelectElement).value || null })}>
              <option value="">any</option>
              {truthLabels.map((label) => (
                <option key={label} value={label}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div class="field checkbox">
            <input id={`${id}-stale`} type="checkbox" checked={filters.staleOnly} onChange={(e) => set({ staleOnly: (e.currentTarget as HTMLInputElement).checked })} />
            <label for={`${id}-stale`}>Stale only</label>
          </div>
          <div class="field checkbox">
            <input id={`${id}-provenance`} type="checkbox" checked={filters.provenanceOnly} onChange={(e) => set({ provenanceOnly: (e.currentTarget as HTMLInputElement).checked })} />
            <label for={`${id}-provenance`}>With provenance</label>
          </div>
        </>
      ) : null}
      {hasFilters(filters) ? (
        <button type="button" class="secondary" onClick={() => setQueryParameters({ truth: null, stale: null, provenance: null, q: null })}>
          Clear filters
        </button>
      ) : null}
      </form>
    </search>
  );
}
