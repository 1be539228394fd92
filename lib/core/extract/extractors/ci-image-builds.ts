/**
 * Images a CI pipeline builds, from GitHub Actions workflows
 * (`.github/workflows/*.yml`) and GitLab CI files (`.gitlab-ci.yml`): a
 * `docker build` / `docker buildx build` / `podman build` command with `-t`
 * and a context, a kaniko `--context`/`--destination`, and the
 * `docker/build-push-action` step's `context`, `file` and `tags` (tags taken
 * from a `docker/metadata-action` step read as that step's `images`). Each is
 * an ImageBuildHint: evidence that the Dockerfile's folder is deployed.
 * Parts written with CI variables are dropped from image names (`$REGISTRY/`);
 * a context or image name that is only known when the pipeline runs
 * (`${{ matrix.service }}`) is left out with a note.
 */
import type { Evidence } from '../extracted-fact';
import { noFileFacts, type Extractor, type FileFacts, type ImageBuildHint } from '../file-facts';
import { baseNameOf, joinRepositoryPath } from '../repository-paths';
import { entriesOf, evidenceAt, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';
import { imageRepository } from '../technology-catalog';

export function isGithubWorkflowPath(path: string): boolean {
  return /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$/i.test(path);
}

export function isGitlabCiPath(path: string): boolean {
  return /(?:^|\.)gitlab-ci\.ya?ml$/i.test(baseNameOf(path)) || /(?:^|\/)\.gitlab\/.*\.ya?ml$/i.test(path);
}

/** Options of `docker build` that take a value in the next word. */
export const buildOptionsWithValue: readonly string[] = Object.freeze([
  '--build-arg', '--target', '--platform', '--label', '--cache-from', '--cache-to', '--secret', '--progress', '--network', '-o', '--output',
  '--iidfile', '--ssh', '--builder', '--build-context', '--metadata-file', '--add-host', '--shm-size', '--ulimit', '--attest', '--annotation',
]);

/** Prefixes that stand for the repository's root in a CI job. */
const rootVariables = /^(?:\$\{\{\s*github\.workspace\s*\}\}|\$GITHUB_WORKSPACE|\$\{GITHUB_WORKSPACE\}|\$CI_PROJECT_DIR|\$\{CI_PROJECT_DIR\})(?=\/|$)/;

interface Build {
  tags: string[];
  context: string | null;
  /** As written: relative to the working folder for docker, to the context for kaniko. */
  file: string | null;
  fileRelativeToContext: boolean;
}

/** The words of a shell command line; `${{ … }}` kept as one word part, quotes removed. */
function wordsOf(line: string): string[] {
  const protectedLine = line.replace(/\$\{\{[^}]*\}\}/g, (expression) => expression.replace(/\s+/g, ''));
  return [...protectedLine.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

function optionValue(words: string[], index: number, names: readonly string[]): [string, number] | null {
  const word = words[index]!;
  for (const name of names) {
    if (word === name && index + 1 < words.length) return [words[index + 1]!, index + 1];
    if (word.startsWith(`${name}=`)) return [word.slice(name.length + 1), index];
  }
  return null;
}

/** The builds one shell command states. */
function buildOf(words: string[]): Build | null {
  const kaniko = words.findIndex((word) => /(?:^|\/)executor$/.test(word));
  if (kaniko >= 0) {
    const build: Build = { tags: [], context: null, file: null, fileRelativeToContext: true };
    for (let index = kaniko + 1; index < words.length; index++) {
      const context = optionValue(words, index, ['--context', '-c']);
      const file = optionValue(words, index, ['--dockerfile', '-f']);
      const destination = optionValue(words, index, ['--destination', '-d']);
      const found = context ?? file ?? destination;
      if (context) build.context = context[0].replace(/^dir:\/\//, '');
      if (file) build.file = file[0];
      if (destination) build.tags.push(destination[0]);
      if (found) index = found[1];
    }
    return build;
  }
  const start = words.findIndex((word, index) => /^(?:docker|podman)$/.test(word) && ['build', 'buildx', 'image'].includes(words[index + 1] ?? ''));
  if (start < 0) return null;
  let index = start + 2;
  if (words[start + 1] !== 'build') {
    if (words[index] !== 'build') return null;
    index++;
  }
  const build: Build = { tags: [], context: null, file: null, fileRelativeToContext: false };
  for (; index < words.length; index++) {
    const word = words[index]!;
    const tag = optionValue(words, index, ['-t', '--tag']);
    const file = optionValue(words, index, ['-f', '--file']);
    if (tag) {
      build.tags.push(tag[0]);
      index = tag[1];
    } else if (file) {
      build.file = file[0];
      index = file[1];
    } else if (buildOptionsWithValue.includes(word)) {
      index++;
    } else if (!word.startsWith('-')) {
      build.context = word;
    }
  }
  return build;
}

/** The commands of a script, continuation lines joined, split at `&&`, `;` and line ends. */
function commandsOf(script: string): string[][] {
  return script
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n|&&|;/)
    .map((command) => wordsOf(command.trim()))
    .filter((words) => words.length > 0);
}

/** An image name without the parts only the pipeline knows (`$CI_REGISTRY_IMAGE/orders` → `orders`); null when its own name is one. */
function imageName(tag: string): string | null {
  const repository = imageRepository(tag.replace(/\$\{\{[^}]*\}\}/g, '$X'));
  const parts = repository.split('/');
  if (parts.length === 0 || /[${}]/.test(parts[parts.length - 1]!)) return null;
  const name = parts.filter((part) => !/[${}]/.test(part)).join('/');
  return /^[a-z0-9][a-z0-9._/-]*$/.test(name) ? name : null;
}

/** A path as a repository path: the CI's root variables stripped; null when the pipeline alone knows it. */
function repositoryPath(base: string, written: string): string | null {
  const stripped = written.replace(rootVariables, '.');
  return /[${}]/.test(stripped) ? null : joinRepositoryPath(base, stripped);
}

class HintCollector {
  readonly hints: ImageBuildHint[] = [];
  readonly notes = new Set<string>();

  add(build: Build, workingFolder: string, evidence: Evidence): void {
    const folder = repositoryPath(workingFolder, build.context ?? '.');
    if (folder === null) {
      this.notes.add('build context is only known when the pipeline runs (a matrix or variable)');
      return;
    }
    const file = build.file === null ? null : repositoryPath(build.fileRelativeToContext ? folder : workingFolder, build.file);
    const images = build.tags.map(imageName);
    if (images.some((image) => image === null)) this.notes.add('image name is only known when the pipeline runs');
    for (const image of new Set(images)) {
      if (image !== null && image !== '') this.hints.push({ hint: 'image-build', image, folder, dockerfile: file, evidence: [evidence] });
    }
  }

  script(script: unknown, workingFolder: string, evidence: Evidence | null): void {
    const text = typeof script === 'string' ? script : itemsOf(script).filter((line): line is string => typeof line === 'string').join('\n');
    if (evidence === null || !/\b(?:build|executor)\b/.test(text)) return;
    for (const words of commandsOf(text)) {
      const build = buildOf(words);
      if (build !== null) this.add(build, workingFolder, evidence);
    }
  }
}

function tagsOf(value: unknown): string[] {
  return typeof value === 'string' ? value.split(/[\n,]/).map((tag) => tag.trim()).filter((tag) => tag !== '') : itemsOf(value).filter((tag): tag is string => typeof tag === 'string');
}

function githubWorkflow(path: string, document: StructuredDocument, collector: HintCollector): void {
  for (const [jobId, job] of entriesOf(member(document.value, 'jobs'))) {
    const steps = itemsOf(member(job, 'steps'));
    const jobFolder = stringMember(member(member(job, 'defaults'), 'run'), 'working-directory') ?? '.';
    // `docker/metadata-action` steps by id: their `images` name what a build tagged with their output is.
    const metadataImages = new Map<string, string[]>();
    for (const step of steps) {
      const id = stringMember(step, 'id');
      if (id !== undefined && /^docker\/metadata-action@/.test(stringMember(step, 'uses') ?? '')) metadataImages.set(id, tagsOf(member(member(step, 'with'), 'images')).map((image) => image.split(',')[0]!.trim().replace(/^name=/, '')));
    }
    steps.forEach((step, index) => {
      const span = document.spanAt(['jobs', jobId, 'steps', index]);
      if (span === null) return;
      const evidence = evidenceAt(path, span);
      const uses = stringMember(step, 'uses') ?? '';
      if (/^docker\/build-push-action@/.test(uses)) {
        const inputs = member(step, 'with');
        const tags = tagsOf(member(inputs, 'tags')).flatMap((tag) => {
          const output = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.tags\s*\}\}$/.exec(tag);
          return output ? (metadataImages.get(output[1]!) ?? [tag]) : [tag];
        });
        const context = stringMember(inputs, 'context') ?? null;
        collector.add({ tags, context, file: stringMember(inputs, 'file') ?? null, fileRelativeToContext: false }, '', evidence);
        return;
      }
      const workingFolder = repositoryPath('', stringMember(step, 'working-directory') ?? jobFolder);
      if (workingFolder !== null) collector.script(member(step, 'run'), workingFolder, evidence);
    });
  }
}

function gitlabCi(path: string, document: StructuredDocument, collector: HintCollector): void {
  for (const [jobName, job] of entriesOf(document.value)) {
    for (const section of ['before_script', 'script', 'after_script']) {
      const span = document.spanAt([jobName, section]);
      collector.script(member(job, section), '', span === null ? null : evidenceAt(path, span));
    }
  }
}

function extract(path: string, text: string): FileFacts {
  if (!/\b(?:build|executor)\b/.test(text)) return noFileFacts;
  const [document] = parseStructuredDocuments(text);
  if (document === undefined) return noFileFacts;
  const collector = new HintCollector();
  if (isGithubWorkflowPath(path)) githubWorkflow(path, document, collector);
  else gitlabCi(path, document, collector);
  if (collector.hints.length === 0 && collector.notes.size === 0) return noFileFacts;
  return { facts: [], hints: collector.hints, ...(collector.notes.size > 0 ? { notes: [...collector.notes] } : {}) };
}

export const ciImageBuildsExtractor: Extractor = {
  name: 'ci-image-builds',
  version: 1,
  mayRead: (path) => isGithubWorkflowPath(path) || isGitlabCiPath(path),
  extract,
  tables: { buildOptionsWithValue, rootVariables: rootVariables.source },
};
