import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractors } from '../extractor-registry';
import type { FileFacts } from '../file-facts';
import { withHelmChartsJoined } from '../helm-charts';
import { walkDirectory } from '../walk-directory';

// test/fixtures/deployments/README.md says what each small repository holds.
const fixtures = join(import.meta.dirname, '../../../../test/fixtures/deployments');

/** What every extractor gives for every file of a fixture, by file and extractor (files and extractors that give nothing left out). */
async function extractorOutputs(name: string): Promise<Record<string, Record<string, FileFacts>>> {
  const outputs: Record<string, Record<string, FileFacts>> = {};
  const entries = [];
  for await (const entry of walkDirectory(join(fixtures, name))) if ('read' in entry) entries.push(entry);
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const entry of entries) {
    const text = Buffer.from(await entry.read()).toString('utf8');
    for (const extractor of extractors) {
      if (!extractor.mayRead(entry.path)) continue;
      const found = extractor.extract(entry.path, text);
      if (found.facts.length === 0 && found.hints.length === 0 && (found.notes ?? []).length === 0) continue;
      outputs[entry.path] = { ...outputs[entry.path], [extractor.name]: found };
    }
  }
  return outputs;
}

function golden(name: string): string {
  return join(import.meta.dirname, '__golden__', `${name}.json`);
}

describe('deployment extractors on small repositories (golden files)', () => {
  it('reads an Aspire AppHost: two projects, a Redis, a Postgres with a database, and their references', async () => {
    const outputs = await extractorOutputs('aspire');
    expect(Object.keys(outputs)).toEqual(['src/Shop.AppHost/Program.cs']);
    await expect(`${JSON.stringify(outputs, null, 2)}\n`).toMatchFileSnapshot(golden('aspire'));
  });

  it('reads a skaffold file and the Kubernetes workloads that run its images', async () => {
    const outputs = await extractorOutputs('skaffold');
    expect(Object.keys(outputs)).toEqual(['k8s/cart.yaml', 'k8s/orders.yaml', 'skaffold.yaml']);
    await expect(`${JSON.stringify(outputs, null, 2)}\n`).toMatchFileSnapshot(golden('skaffold'));
  });

  it('reads a Helm chart and its values, never its templates, and joins them into the chart deployment', async () => {
    const outputs = await extractorOutputs('helm');
    expect(Object.keys(outputs)).toEqual(['charts/orders/Chart.yaml', 'charts/orders/values.yaml', 'charts/platform/Chart.yaml']);
    const joined = withHelmChartsJoined(Object.values(outputs).flatMap((byExtractor) => Object.values(byExtractor))).at(-1);
    await expect(`${JSON.stringify({ outputs, joined }, null, 2)}\n`).toMatchFileSnapshot(golden('helm'));
  });
});
