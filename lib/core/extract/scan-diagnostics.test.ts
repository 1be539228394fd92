import { describe, expect, it, vi } from 'vitest';
import { extractFiles, type FileEntry } from './extract-files';
import { extractors } from './extractor-registry';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from './file-facts';
import { maxDiagnosticEntries, scanDiagnosticsSchema } from './scan-diagnostics';

function file(path: string, content: string): FileEntry {
  const bytes = Buffer.from(content, 'utf8');
  return { path, size: bytes.byteLength, read: async () => bytes };
}

/** A rule that reads `.tf` files and notes every `resource "kind"` it does not map; `aws_s3_bucket` is a store. */
const terraformLike: Extractor = {
  name: 'terraform-like',
  version: 1,
  mayRead: (path) => path.endsWith('.tf'),
  extract(path, text): FileFacts {
    const kinds = [...text.matchAll(/resource "(\w+)"/g)].map((match) => match[1]!);
    const evidence = [{ path, startLine: 1, endLine: 1 }];
    return {
      facts: kinds.filter((kind) => kind === 'aws_s3_bucket').map(() => ({ draft: 'element', ref: { by: 'name', kind: 'store', name: 'bucket' }, kind: 'store', origin: 'terraform', name: 'bucket', description: null, technology: 'S3', ...observedIn(evidence) })),
      hints: [],
      notes: kinds.filter((kind) => kind !== 'aws_s3_bucket').map((kind) => `resource kind ${kind} is not mapped`),
    };
  },
  tables: {},
};

const readsNothing: Extractor = { name: 'reads-nothing', version: 1, mayRead: (path) => path.endsWith('.never'), extract: () => noFileFacts, tables: {} };

describe('scan diagnostics', () => {
  it('counts per extractor the files it read and the drafts and hints it found, in the order the rules run', async () => {
    const result = await extractFiles([file('api/Dockerfile', 'FROM node:20\n'), file('web/package.json', '{"name":"web"}'), file('README.md', '# shop\n')]);
    const byName = new Map(result.diagnostics.extractors.map((entry) => [entry.extractor, entry]));
    expect(result.diagnostics.extractors.map((entry) => entry.extractor)).toEqual(extractors.map((rule) => rule.name));
    expect(byName.get('dockerfile')).toMatchObject({ filesRead: 1, notes: [] });
    expect(byName.get('dockerfile')!.factsMade).toBeGreaterThan(0);
    expect(byName.get('package-json')).toMatchObject({ filesRead: 1 });
    expect(byName.get('terraform')).toEqual({ extractor: 'terraform', filesRead: 0, factsMade: 0, notes: [] });
    // Facts were made: nothing to explain for the whole scan.
    expect(result.diagnostics.notes).toEqual([]);
    expect(result.diagnostics.leftOut).toEqual([]);
    expect(scanDiagnosticsSchema.parse(result.diagnostics)).toEqual(result.diagnostics);
  });

  it('groups identical notes of an extractor by the files that gave them, most files first, naming a few', async () => {
    const result = await extractFiles(
      [
        file('infra/a.tf', 'resource "aws_vpc" "main" {}\nresource "aws_vpc" "other" {}\nresource "aws_s3_bucket" "b" {}'),
        file('infra/b.tf', 'resource "aws_vpc" "main" {}\nresource "aws_subnet" "x" {}'),
        file('infra/c.tf', 'resource "aws_vpc" "main" {}'),
        file('infra/d.tf', 'resource "aws_vpc" "main" {}'),
      ],
      { extractors: [terraformLike] },
    );
    expect(result.diagnostics.extractors).toEqual([
      {
        extractor: 'terraform-like',
        filesRead: 4,
        factsMade: 1,
        notes: ['4 files: resource kind aws_vpc is not mapped (infra/a.tf, infra/b.tf, infra/c.tf and 1 more)', '1 file: resource kind aws_subnet is not mapped (infra/b.tf)'],
      },
    ]);
    expect(result.diagnostics.notes).toEqual([]);
  });

  it('says per extractor why a scan that read its files made no fact, from its notes', async () => {
    const result = await extractFiles(
      [file('net/vpc.tf', 'resource "aws_vpc" "main" {}'), file('net/subnet.tf', 'resource "aws_vpc" "a" {}\nresource "aws_subnet" "a" {}'), file('net/empty.tf', '# nothing\n')],
      { extractors: [terraformLike, readsNothing] },
    );
    expect(result.facts).toEqual([]);
    expect(result.diagnostics.notes).toEqual(['3 .tf files read (terraform-like): no resource kind this scanner maps (aws_subnet, aws_vpc)']);
    const silent = await extractFiles([file('net/empty.tf', '# nothing\n')], { extractors: [terraformLike] });
    expect(silent.diagnostics.notes).toEqual(['net/empty.tf read (terraform-like): nothing in it this scanner maps']);
  });

  it('says when no file was one the scanner reads, and when nothing was read at all', async () => {
    const docs = await extractFiles([file('README.md', '# a\n'), file('src/main.rs', 'fn main() {}\n')]);
    expect(docs.diagnostics.notes).toEqual(['2 files read: no file this scanner reads (docs/extraction.md "Extractors" lists them)']);
    const excluded = await extractFiles([file('vendor/x/Dockerfile', 'FROM node\n'), file('node_modules/y/package.json', '{}')]);
    expect(excluded.diagnostics.notes).toEqual(['2 files listed, none read (skipped: 2 excluded)']);
    const empty = await extractFiles([]);
    expect(empty.diagnostics.notes).toEqual(['No file was listed: the folder is empty, or nothing in it could be listed']);
  });

  it('counts files that may hold facts skipped as secrets by name only, never what the secret was', async () => {
    const secretCompose = 'services:\n  db:\n    image: postgres\n    environment:\n      KEY: "-----BEGIN RSA PRIVATE KEY-----"\n';
    const result = await extractFiles([file('docker-compose.yml', secretCompose), file('keys/server.pem', 'x'), file('api/Dockerfile', 'FROM node:20\n')]);
    expect(result.skipped).toContainEqual({ path: 'docker-compose.yml', reason: 'secret' });
    // server.pem is a secret no rule would read: it hides no fact and is not counted.
    expect(result.diagnostics.notes).toEqual(['1 file that may hold facts was skipped as secrets (by name or content; never read into facts): docker-compose.yml']);
    expect(JSON.stringify(result.diagnostics)).not.toContain('PRIVATE KEY');
  });

  it('keeps at most the limit of notes per extractor and says how many more there were', async () => {
    const files = Array.from({ length: maxDiagnosticEntries + 20 }, (_, i) => file(`m${i}.tf`, `resource "kind_${String(i).padStart(4, '0')}" "x" {}`));
    const result = await extractFiles(files, { extractors: [terraformLike], limits: { maxFiles: 10_000, maxFileBytes: 1000, maxTotalBytes: 1_000_000 } });
    const notes = result.diagnostics.extractors[0]!.notes;
    expect(notes).toHaveLength(maxDiagnosticEntries);
    expect(notes[0]).toBe('1 file: resource kind kind_0000 is not mapped (m0.tf)');
    expect(notes.at(-1)).toBe('and 21 more notes not shown');
    expect(scanDiagnosticsSchema.safeParse(result.diagnostics).success).toBe(true);
  });

  it('gives the same diagnostics whatever order the files come in', async () => {
    const files = [file('b.tf', 'resource "aws_vpc" "a" {}'), file('a.tf', 'resource "aws_vpc" "a" {}\nresource "aws_iam_role" "r" {}')];
    const forward = await extractFiles(files, { extractors: [terraformLike] });
    const backward = await extractFiles([...files].reverse(), { extractors: [terraformLike] });
    expect(backward.diagnostics).toEqual(forward.diagnostics);
    expect(forward.diagnostics.extractors[0]!.notes).toEqual(['2 files: resource kind aws_vpc is not mapped (a.tf, b.tf)', '1 file: resource kind aws_iam_role is not mapped (a.tf)']);
  });

  it('prints no parser warning while scanning a Helm chart', async () => {
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const template = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Values.name }}\nspec:\n  template:\n    spec:\n      containers:\n        - name: {{ .Chart.Name }}\n          image: "{{ .Values.image }}"\n';
      await extractFiles([file('charts/shop/templates/deployment.yaml', template), file('charts/shop/values.yaml', 'name: shop\n')]);
      expect(emitWarning).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      emitWarning.mockRestore();
      warn.mockRestore();
    }
  });
});
