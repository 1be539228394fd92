import { useId } from 'preact/hooks';
import { CopyButton } from '../../components/copy-button';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { exportPaths, viewsApi } from './views-api';

function TextExport({ title, what, text, href, fileName }: { title: string; what: string; text: string; href: string; fileName: string }) {
  const id = useId();
  return (
    <div class="text-export">
      <div class="actions">
        <CopyButton text={text} label={`Copy ${what}`} />
        <a class="button secondary" href={href} download={fileName}>
          Download {fileName}
        </a>
      </div>
      <label class="offscreen" for={id}>
        {title}
      </label>
      <textarea id={id} class="code export-text" readOnly rows={14} spellcheck={false} value={text} />
    </div>
  );
}

/**
 * The view as Mermaid flowchart text and the model as Structurizr DSL
 * (part 1 "Diagram and model exports"), as the service writes them, shown
 * as text with copy buttons and download links.
 */
export function TextExports({ projectId, viewId, viewName, projectFileName }: { projectId: string; viewId: string; viewName: string; projectFileName: string }) {
  const flowchart = useLoad((signal) => viewsApi.flowchart(projectId, viewId, signal), [projectId, viewId]);
  const dsl = useLoad((signal) => viewsApi.architectureDsl(projectId, signal), [projectId]);
  return (
    <div class="text-exports">
      <section aria-labelledby="mermaid-export">
        <h2 id="mermaid-export">Mermaid flowchart</h2>
        <Loaded state={flowchart} label="Reading the flowchart…">
          {(text) => <TextExport title="Mermaid flowchart text" what="Mermaid flowchart" text={text} href={exportPaths.flowchart(projectId, viewId)} fileName={`${viewName}.mmd`} />}
        </Loaded>
      </section>
      <section aria-labelledby="dsl-export">
        <h2 id="dsl-export">Structurizr DSL</h2>
        <p class="hint">The whole model with every view of the project, not only this one.</p>
        <Loaded state={dsl} label="Reading the DSL…">
          {(text) => <TextExport title="Structurizr DSL text" what="Structurizr DSL" text={text} href={exportPaths.architectureDsl(projectId)} fileName={`${projectFileName}.dsl`} />}
        </Loaded>
      </section>
    </div>
  );
}
