/**
 * A Serverless Framework service (`serverless.yml` with `service` and
 * `functions`): the service is one deployed app, built from the file's
 * folder, named by `service`; its functions' lines (`handler`, `image`) are
 * the evidence, and a function's `image` names what it runs. Variables
 * (`${self:…}`) are not resolved: a service named by one is left out.
 */
import { cleanName } from '../fact-keys';
import type { Evidence } from '../extracted-fact';
import { noFileFacts, type Extractor, type FileFacts } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';
import { entriesOf, evidenceAt, member, parseStructuredDocuments, stringMember } from '../structured-text';
import { imageRepository } from '../technology-catalog';

export function isServerlessFileName(path: string): boolean {
  return /^serverless(?:[.-][\w.-]+)?\.ya?ml$/i.test(baseNameOf(path));
}

function extract(path: string, text: string): FileFacts {
  const [document] = parseStructuredDocuments(text);
  const service = member(document?.value, 'service');
  const written = typeof service === 'string' ? service : stringMember(service, 'name');
  const name = written === undefined || written.includes('${') ? null : cleanName(written);
  const functions = entriesOf(member(document?.value, 'functions'));
  const nameSpan = document?.spanAt(['service']) ?? null;
  if (document === undefined || name === null || nameSpan === null || functions.length === 0) {
    return written?.includes('${') && functions.length > 0 ? { facts: [], hints: [], notes: ['service name is a variable'] } : noFileFacts;
  }
  const evidence: Evidence[] = [evidenceAt(path, nameSpan)];
  const images = new Set<string>();
  for (const [functionName, definition] of functions) {
    const span = document.spanAt(['functions', functionName]);
    if (span !== null) evidence.push(evidenceAt(path, span));
    const image = stringMember(definition, 'image');
    if (image !== undefined && !image.includes('$')) images.add(imageRepository(image));
  }
  return {
    facts: [],
    hints: [
      {
        hint: 'deployment',
        ref: { by: 'name', kind: 'app', name },
        via: 'serverless',
        buildFolder: folderOf(path),
        dockerfile: null,
        projectNames: [],
        images: [...images].filter((image) => image !== '').sort(),
        evidence,
      },
    ],
  };
}

export const serverlessFrameworkExtractor: Extractor = {
  name: 'serverless-framework',
  version: 1,
  mayRead: isServerlessFileName,
  extract,
  tables: {},
};
