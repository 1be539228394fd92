import { ErrorNotice, Loading } from '../../components/status';
import { Link, currentUrl, type RouteParams } from '../../router';
import type { ElementRecord } from './model-api';
import { BranchBar } from './branch-bar';
import { buildElementTree, countMatches } from './element-tree';
import { ElementTreeView } from './element-tree-view';
import { hasFactFields, isSection, sectionLabels, sections, type Section } from './model-api';
import { currentBranchId, modelHref, sectionListHref } from './model-address';
import { ModelFiltersForm } from './model-filters-form';
import { canEditModel } from './model-role';
import { filterParameters, hasFilters, matchesFilters, readFilters, type RecordFilters } from './record-filters';
import { RecordTable } from './record-table';
import { useLoadedRecords, type LoadedRecords } from './use-loaded-records';

/** How much of the kind is loaded, with the buttons that load more: filters apply to what is loaded. */
function LoadStatus({ loaded, section, shown, filtering }: { loaded: LoadedRecords; section: Section; shown: number; filtering: boolean }) {
  const plural = sectionLabels[section].plural.toLowerCase();
  const total = loaded.total ?? 0;
  return (
    <div class="load-status" aria-live="polite">
      <p>
        {loaded.items.length === total ? `All ${total} ${plural} loaded.` : `${loaded.items.length} of ${total} ${plural} loaded.`}
        {filtering ? ` ${shown} match the filters${loaded.hasMore ? ' among those loaded' : ''}.` : ''}
      </p>
      {loaded.hasMore ? (
        <div class="actions">
          <button type="button" class="secondary" onClick={loaded.loadMore} disabled={loaded.loading}>
            Load more
          </button>
          <button type="button" class="secondary" onClick={loaded.loadAll} disabled={loaded.loading}>
            Load all
          </button>
          {loaded.loading ? <Loading label="Loading…" /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Schemas carry no fact fields: only the name filter applies to them. */
function filtersFor(section: Section, filters: RecordFilters): RecordFilters {
  return hasFactFields(section) ? filters : { ...filters, truth: null, staleOnly: false, provenanceOnly: false };
}

/** `/w/:ws/p/:p/model`: elements as a tree by parent, other kinds as lists, all with truth badges and filters from the address. */
export function ModelScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const search = currentUrl.value.searchParams;
  const branchId = currentBranchId();
  const requested = search.get('section') ?? 'elements';
  const section: Section = isSection(requested) ? requested : 'elements';
  const addressFilters = readFilters(search);
  const filters = filtersFor(section, addressFilters);
  const filtering = hasFilters(filters);
  const loaded = useLoadedRecords(projectId, section, { branchId });
  const matching = loaded.items.filter((record) => matchesFilters(record, filters));
  const tree = section === 'elements' ? buildElementTree(loaded.items as ElementRecord[], (e) => matchesFilters(e, filters)) : [];
  const shown = section === 'elements' ? countMatches(tree) : matching.length;
  const labels = sectionLabels[section];

  return (
    <section class="model-screen">
      <h1>Model</h1>
      <BranchBar workspaceId={workspaceId} projectId={projectId} branchId={branchId} />
      <nav class="section-nav" aria-label="Record kinds">
        <ul>
          {sections.map((s) => (
            <li key={s}>
              <Link href={sectionListHref(workspaceId, projectId, branchId, s, filterParameters(addressFilters))} aria-current={s === section ? 'page' : undefined}>
                {sectionLabels[s].plural}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div class="model-heading">
        <h2>{section === 'elements' ? 'Elements by parent' : labels.plural}</h2>
        {canEditModel(workspaceId) ? (
          <Link class="button" href={modelHref(workspaceId, projectId, branchId, section, 'new')}>
            New {labels.singular}
          </Link>
        ) : null}
      </div>
      <ModelFiltersForm filters={filters} factFields={hasFactFields(section)} />
      {!isSection(requested) ? <p class="notice">There is no record kind “{requested}”; showing elements.</p> : null}
      {loaded.error ? <ErrorNotice error={loaded.error} /> : null}
      {loaded.total === null ? (
        loaded.error ? null : <Loading label={`Loading ${labels.plural.toLowerCase()}…`} />
      ) : (
        <>
          <LoadStatus loaded={loaded} section={section} shown={shown} filtering={filtering} />
          {section === 'elements' ? (
            tree.length === 0 ? (
              <p class="empty">{loaded.items.length === 0 ? 'No elements yet.' : 'No loaded element matches the filters.'}</p>
            ) : (
              <ElementTreeView nodes={tree} workspaceId={workspaceId} projectId={projectId} branchId={branchId} filtering={filtering} />
            )
          ) : (
            <RecordTable key={`${section}|${search.toString()}`} records={matching} section={section} workspaceId={workspaceId} projectId={projectId} branchId={branchId} />
          )}
        </>
      )}
    </section>
  );
}
