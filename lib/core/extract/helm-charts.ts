/**
 * Helm charts as deployments. A chart's name is in its `Chart.yaml` and the
 * images it runs and the settings it gives are in the `values*.yaml` beside
 * it; each file is read alone, so the helm-chart extractor gives one
 * `helm-chart-part` hint per file and this joins the parts of one folder,
 * once every file is read, into a DeploymentHint named by the chart and
 * SettingHints from it. A chart that only gathers others (`dependencies`
 * and no image of its own) or a library chart deploys nothing itself.
 */
import type { DeploymentHint, FileFacts, HelmChartPartHint, Hint, SettingHint } from './file-facts';
import { storeTechnologyOfImage } from './technology-catalog';


function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The deployment and settings of each chart, from the parts of its folder. */
export function helmChartHints(parts: readonly HelmChartPartHint[]): Hint[] {
  const hints: Hint[] = [];
  const charts = parts.filter((part) => part.chart !== null).sort((a, b) => compareText(a.path, b.path));
  for (const chartPart of charts) {
    const chart = chartPart.chart!;
    // By path, so the result does not depend on the order files were read in.
    const values = parts.filter((part) => part.chart === null && part.folder === chartPart.folder).sort((a, b) => compareText(a.path, b.path));
    const images = values.flatMap((part) => part.images);
    const settings = values.flatMap((part) => part.settings);
    if (chart.library || (chart.hasDependencies && !images.some((image) => image.own))) continue;
    const repositories = [...new Set(images.map((image) => image.image))].sort(compareText);
    const ownImages = images.filter((image) => image.own).map((image) => image.image);
    const runsStore = (ownImages.length > 0 ? ownImages : repositories).some((image) => storeTechnologyOfImage(image) !== null);
    const ref: DeploymentHint['ref'] = { by: 'name', kind: runsStore ? 'store' : 'app', name: chart.name };
    hints.push({
      hint: 'deployment',
      ref,
      via: 'helm',
      buildFolder: null,
      dockerfile: null,
      projectNames: [],
      images: repositories,
      evidence: [...chart.evidence, ...images.map((image) => image.evidence)],
    });
    for (const setting of settings) {
      hints.push({ hint: 'setting', from: ref, variable: setting.variable, value: setting.value, envFolder: null, evidence: [setting.evidence] } satisfies SettingHint);
    }
  }
  return hints;
}

/**
 * The files' findings with the chart parts joined: each part leaves its file,
 * and the charts' deployments and settings come as one more file's findings.
 * Files without parts are passed on as they are.
 */
export function withHelmChartsJoined(files: readonly FileFacts[]): FileFacts[] {
  const parts = files.flatMap((file) => file.hints.filter((hint): hint is HelmChartPartHint => hint.hint === 'helm-chart-part'));
  if (parts.length === 0) return [...files];
  const rest = files.map((file) => (file.hints.some((hint) => hint.hint === 'helm-chart-part') ? { ...file, hints: file.hints.filter((hint) => hint.hint !== 'helm-chart-part') } : file));
  return [...rest, { facts: [], hints: helmChartHints(parts) }];
}
