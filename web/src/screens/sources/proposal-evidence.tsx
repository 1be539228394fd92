import type { ApiError } from '../../api/client';
import { Empty, ErrorNotice, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { type EvidenceItem, scansApi } from './sources-api';

/** Lines shown around the evidence, so a person sees what the lines sit in. */
const contextLines = 3;
/** Most lines one source window answers (lib/features/scans/scan-evidence.ts). */
const maxWindowLines = 500;

/** Why a file's lines cannot be shown, in words: the API's 404 (not kept) and 403 (withheld) are answers, not failures. */
function Unavailable({ error }: { error: ApiError }) {
  if (error.status !== 404 && error.status !== 403) return <ErrorNotice error={error} />;
  return (
    <p class="notice sources-window-unavailable" data-status={error.status}>
      <strong>{error.status === 403 ? 'Content withheld' : 'Lines not kept'}</strong>: {error.problem.detail ?? error.problem.title}
    </p>
  );
}

/** Places of one file close enough to read in one window: the lines shown and the ranges the fact states. */
interface FileWindow {
  path: string;
  startLine: number;
  endLine: number;
  hits: { startLine: number; endLine: number }[];
}

/** Evidence grouped per file, places whose surroundings meet joined into one window (at most `maxWindowLines` lines). */
export function evidenceWindows(items: readonly EvidenceItem[]): FileWindow[] {
  const windows: FileWindow[] = [];
  const ordered = [...items].sort((a, b) => a.path.localeCompare(b.path) || a.startLine - b.startLine);
  for (const item of ordered) {
    const startLine = Math.max(1, item.startLine - contextLines);
    const endLine = item.endLine + contextLines;
    const last = windows.at(-1);
    if (last && last.path === item.path && startLine <= last.endLine + 1 && endLine - last.startLine < maxWindowLines) {
      last.endLine = Math.max(last.endLine, endLine);
      last.hits.push({ startLine: item.startLine, endLine: item.endLine });
    } else {
      windows.push({ path: item.path, startLine, endLine: Math.min(endLine, startLine + maxWindowLines - 1), hits: [{ startLine: item.startLine, endLine: item.endLine }] });
    }
  }
  return windows;
}

function EvidenceWindow({ projectId, scanId, place }: { projectId: string; scanId: string; place: FileWindow }) {
  const { path, startLine, endLine, hits } = place;
  const answer = useLoad((signal) => scansApi.sourceWindow(projectId, scanId, { path, startLine, endLine }, signal), [projectId, scanId, path, startLine, endLine]);
  const stated = hits.map((h) => (h.startLine === h.endLine ? `L${h.startLine}` : `L${h.startLine}-L${h.endLine}`)).join(', ');
  const isHit = (line: number) => hits.some((h) => line >= h.startLine && line <= h.endLine);
  const lastStated = Math.max(...hits.map((h) => h.endLine));
  return (
    <figure class="sources-window" data-path={path}>
      <figcaption>
        <code>{path}</code> {stated}
      </figcaption>
      {answer.error ? (
        <Unavailable error={answer.error} />
      ) : !answer.data ? (
        <Loading label="Reading the lines…" />
      ) : (
        <div class="sources-lines">
          {answer.data.lines.map((text, i) => {
            const line = answer.data!.startLine + i;
            const hit = isHit(line);
            return (
              <div key={line} class={hit ? 'sources-line sources-line-hit' : 'sources-line'} data-line={line}>
                <span class="sources-line-number" aria-hidden="true">
                  {line}
                </span>
                {hit ? <mark>{text}</mark> : <code>{text}</code>}
              </div>
            );
          })}
          {lastStated > endLine ? <p class="hint">The evidence runs to line {lastStated}; one window shows {maxWindowLines} lines.</p> : null}
        </div>
      )}
    </figure>
  );
}

/** A proposal's evidence (GET …/evidence?factKey=) with each file's lines, the stated ones marked. */
export function ProposalEvidence({ projectId, scanId, factKey, removal }: { projectId: string; scanId: string; factKey: string; removal: boolean }) {
  const evidence = useLoad((signal) => scansApi.evidence(projectId, scanId, factKey, signal), [projectId, scanId, factKey]);
  if (evidence.error) return <ErrorNotice error={evidence.error} />;
  if (!evidence.data) return <Loading label="Reading the evidence…" />;
  const { items, nextCursor } = evidence.data;
  if (items.length === 0) return <Empty>{removal ? `No lines: this scan did not find ${factKey}, which is why its removal is proposed.` : `The scan states no lines for ${factKey}.`}</Empty>;
  return (
    <div class="sources-evidence-lines">
      {evidenceWindows(items).map((w) => (
        <EvidenceWindow key={`${w.path}:${w.startLine}`} projectId={projectId} scanId={scanId} place={w} />
      ))}
      {nextCursor ? <p class="hint">The first {items.length} places are shown.</p> : null}
    </div>
  );
}
