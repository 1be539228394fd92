/**
 * Images a skaffold file builds (`apiVersion: skaffold/…`): each
 * `build.artifacts[]` entry, and each of `profiles[].build.artifacts[]`,
 * builds `image` from its `context` folder (relative to the skaffold file,
 * `.` when absent) with `docker.dockerfile` when it names one. The Kubernetes
 * workloads that run the image are then the apps of that folder.
 */
import { noFileFacts, type Extractor, type FileFacts, type ImageBuildHint } from '../file-facts';
import { baseNameOf, folderOf, joinRepositoryPath } from '../repository-paths';
import { evidenceAt, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';
import { imageRepository } from '../technology-catalog';

export function isSkaffoldFileName(path: string): boolean {
  return /^skaffold(?:[.-][\w.-]*)?\.ya?ml$/i.test(baseNameOf(path));
}

function artifactHints(path: string, document: StructuredDocument, at: (string | number)[], hints: ImageBuildHint[]): void {
  const owner = at.reduce<unknown>((value, step) => (typeof step === 'number' ? itemsOf(value)[step] : member(value, step)), document.value);
  itemsOf(member(member(owner, 'build'), 'artifacts')).forEach((artifact, index) => {
    const image = stringMember(artifact, 'image');
    const span = document.spanAt([...at, 'build', 'artifacts', index]);
    if (image === undefined || span === null || image.includes('{{')) return;
    const repository = imageRepository(image);
    const folder = joinRepositoryPath(folderOf(path), stringMember(artifact, 'context') ?? '.');
    if (repository === '' || folder === null) return;
    const named = stringMember(member(artifact, 'docker'), 'dockerfile');
    const dockerfile = named === undefined ? null : joinRepositoryPath(folder, named);
    hints.push({ hint: 'image-build', image: repository, folder, dockerfile, evidence: [evidenceAt(path, span)] });
  });
}

function extract(path: string, text: string): FileFacts {
  if (!text.includes('skaffold/')) return noFileFacts;
  const hints: ImageBuildHint[] = [];
  for (const document of parseStructuredDocuments(text)) {
    if (!stringMember(document.value, 'apiVersion')?.startsWith('skaffold/')) continue;
    artifactHints(path, document, [], hints);
    for (const index of itemsOf(member(document.value, 'profiles')).keys()) artifactHints(path, document, ['profiles', index], hints);
  }
  return hints.length === 0 ? noFileFacts : { facts: [], hints: dedupe(hints) };
}

/** One hint per image, folder and Dockerfile, with the evidence of all: a profile often repeats the default build. */
function dedupe(hints: ImageBuildHint[]): ImageBuildHint[] {
  const byKey = new Map<string, ImageBuildHint>();
  for (const hint of hints) {
    const key = `${hint.image}\u0000${hint.folder}\u0000${hint.dockerfile ?? ''}`;
    const seen = byKey.get(key);
    if (seen) seen.evidence.push(...hint.evidence);
    else byKey.set(key, { ...hint, evidence: [...hint.evidence] });
  }
  return [...byKey.values()];
}

export const skaffoldExtractor: Extractor = {
  name: 'skaffold',
  version: 1,
  mayRead: isSkaffoldFileName,
  extract,
  tables: {},
};
