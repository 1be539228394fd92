/**
 * One element per deployed service (docs/extraction.md "Identity"). What names
 * a service is joined: the compose service (its name, its build context
 * together with its Dockerfile, its image), Kubernetes workloads and Services,
 * Helm charts, Aspire resources, skaffold and CI image builds, and the
 * manifests of the folder it builds (package.json, go.mod, .csproj, pom.xml,
 * pyproject.toml, Dockerfile). The deployed name wins; the other names stay in
 * the evidence. Two deployed services are never folded into one because they
 * build from one folder, and a project nothing deploys becomes an app only
 * when it is not a test project, a library or a monorepo root, and names an
 * entry point (or when nothing in the repository deploys anything). Every
 * candidate left out is listed with its reason.
 */
import type { Evidence } from './extracted-fact';
import { cleanName, elementKey } from './fact-keys';
import type {
  BaseImageHint,
  ComposeServiceHint,
  DeploymentHint,
  ElementDraft,
  EnvFileHint,
  FileFacts,
  ImageBuildHint,
  ProjectTraits,
  SettingHint,
} from './file-facts';
import { interpolateVariables } from './interpolate-variables';
import { canonicalName, flatName } from './name-forms';
import { folderRoleReason, isTestProjectName } from './project-roles';
import { baseNameOf, folderOf, joinRepositoryPath } from './repository-paths';
import { alternativeComposeFile, testComposeFile } from './extractors/docker-compose';
import type { LeftOutCandidate } from './scan-diagnostics';
import { imageRepository, isToolingImage, localstackServices, runtimeTechnologyOfImage, storeTechnologyOfImage, storeTechnologyOfSetup } from './technology-catalog';

/** An app whose image is not built here: probably part of the system, but it may be anything. */
export const imageAppConfidence = 0.6;

/** Pod labels that name the service a workload runs. */
export const workloadNameLabels: readonly string[] = ['app.kubernetes.io/name', 'app', 'service', 'k8s-app'];

/** Which deployer's name an element takes when several name it (first wins). */
export const deployedNamePrecedence: readonly DeploymentHint['via'][] = ['compose', 'aspire', 'kubernetes', 'helm', 'serverless', 'procfile', 'skaffold', 'ci'];

type Via = DeploymentHint['via'];

/** One deployed service (or store) as the repository's deployers describe it. */
interface Deployed {
  names: { name: string; via: Via }[];
  kind: 'app' | 'store';
  buildFolders: Set<string>;
  /** Folders mounted into its container: their configuration files (nginx, Envoy) are its own. */
  configFolders: Set<string>;
  images: Set<string>;
  projectNames: Set<string>;
  hosts: Set<string>;
  drafts: ElementDraft[];
  /** Lines of the deployment hints that name it, for an element no other file states. */
  deployedAt: Evidence[];
  /** Only a Helm chart names it: kept when it joins a built folder or nothing else deploys anything. */
  weak: boolean;
}

/** The projects of one folder: its manifests and Dockerfile. */
interface Unit {
  folder: string;
  drafts: ElementDraft[];
  traits: ProjectTraits;
  hasDockerfile: boolean;
  hasManifest: boolean;
}

export interface ServiceIdentity {
  /** Element key → the drafts that describe it. */
  elements: Map<string, ElementDraft[]>;
  /** Lower-case deployed name (and other names a reference uses) → element key. */
  byName: Map<string, string>;
  /** Folder → the key of the element built from it, when exactly one is. */
  byFolder: Map<string, string>;
  /** Host names (compose aliases, hostname, container_name) → element key. */
  hosts: Map<string, string>;
  /** Settings a compose service takes from its `env_file` (a `.env`), as if written in its `environment`. */
  envFileSettings: SettingHint[];
  /** Infrastructure roles of each element's projects (ProjectTraits.roles), with the folder that states each. */
  roles: { key: string; folder: string; role: string; side: 'client' | 'server'; evidence: Evidence }[];
  leftOut: LeftOutCandidate[];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function firstEvidence(evidence: readonly Evidence[]): string {
  const first = [...evidence].sort((a, b) => compareText(a.path, b.path) || a.startLine - b.startLine)[0];
  return first === undefined ? '' : `${first.path}\u0000${String(first.startLine).padStart(9, '0')}`;
}

function inOrder<T extends { evidence: Evidence[] }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareText(firstEvidence(a.evidence), firstEvidence(b.evidence)));
}

function hintsOf<K extends FileFacts['hints'][number]['hint']>(files: readonly FileFacts[], kind: K): Extract<FileFacts['hints'][number], { hint: K }>[] {
  return files.flatMap((file) => file.hints.filter((hint): hint is Extract<FileFacts['hints'][number], { hint: K }> => hint.hint === kind));
}

function isInside(folder: string, parent: string): boolean {
  return parent === '' || folder === parent || folder.startsWith(`${parent}/`);
}

const noTraits: ProjectTraits = { projectNames: [], test: false, library: false, runnable: false, workspaceRoot: false };

function mergedTraits(drafts: readonly ElementDraft[]): ProjectTraits {
  const withTraits = drafts.flatMap((draft) => (draft.project === undefined ? [] : [draft.project]));
  if (withTraits.length === 0) return noTraits;
  const runnable = withTraits.some((traits) => traits.runnable);
  return {
    projectNames: [...new Set(withTraits.flatMap((traits) => traits.projectNames))],
    test: withTraits.some((traits) => traits.test),
    library: !runnable && withTraits.every((traits) => traits.library),
    runnable,
    workspaceRoot: withTraits.some((traits) => traits.workspaceRoot),
  };
}

class IdentityBuilder {
  private readonly deployed: Deployed[] = [];
  private readonly deployedByName = new Map<string, Deployed>();
  private readonly leftOut: LeftOutCandidate[] = [];
  private readonly envFileSettings: SettingHint[] = [];
  private readonly envFiles = new Map<string, EnvFileHint>();
  private readonly baseImages = new Map<string, BaseImageHint>();
  private readonly imageBuilds = new Map<string, ImageBuildHint>();
  /** Pod labels of each Kubernetes workload by its name, read once (the first manifest naming it wins). */
  private readonly workloadLabels = new Map<string, Record<string, string>>();
  private anyDeployer = false;

  constructor(
    private readonly files: readonly FileFacts[],
    private readonly rootAppName: string,
  ) {
    for (const env of inOrder(hintsOf(files, 'env-file').map((hint) => ({ ...hint, evidence: Object.values(hint.values).map((entry) => entry.evidence) })))) {
      if (!this.envFiles.has(env.folder)) this.envFiles.set(env.folder, env);
    }
    for (const base of inOrder(hintsOf(files, 'base-image'))) if (!this.baseImages.has(base.dockerfile)) this.baseImages.set(base.dockerfile, base);
    for (const build of inOrder(hintsOf(files, 'image-build'))) if (!this.imageBuilds.has(build.image)) this.imageBuilds.set(build.image, build);
    for (const workload of hintsOf(files, 'workload-labels')) if (!this.workloadLabels.has(workload.ref.name)) this.workloadLabels.set(workload.ref.name, workload.labels);
  }

  /** Variables of the `.env` in a folder, with the lines read as evidence. */
  private interpolate(text: string | null, folder: string, used: Evidence[]): string | null {
    if (text === null) return null;
    const env = this.envFiles.get(folder);
    const value = interpolateVariables(text, (name) => {
      const entry = env?.values[name];
      if (entry !== undefined) used.push(entry.evidence);
      return entry?.value;
    }).trim();
    return value === '' ? null : value;
  }

  /** The deployed service a name reaches: its exact name, else the one whose name reads alike (`basket.data`, `basket-data`, `basketdata`). */
  private named(name: string): Deployed | undefined {
    const exact = this.deployedByName.get(name.toLowerCase());
    if (exact !== undefined) return exact;
    const flat = flatName(name);
    const alike = this.deployed.filter((candidate) => candidate.names.some((entry) => flatName(entry.name) === flat));
    return alike.length === 1 ? alike[0] : undefined;
  }

  private addName(target: Deployed, name: string, via: Via): void {
    const lower = name.toLowerCase();
    if (!this.deployedByName.has(lower)) this.deployedByName.set(lower, target);
    if (!target.names.some((entry) => entry.name.toLowerCase() === lower)) target.names.push({ name, via });
    target.hosts.add(lower);
  }

  private create(name: string, via: Via, kind: 'app' | 'store', weak: boolean): Deployed {
    const created: Deployed = { names: [], kind, buildFolders: new Set(), configFolders: new Set(), images: new Set(), projectNames: new Set(), hosts: new Set(), drafts: [], deployedAt: [], weak };
    this.deployed.push(created);
    this.addName(created, name, via);
    return created;
  }

  build(): ServiceIdentity {
    this.composeServices();
    this.deployments();
    this.namedDrafts();
    this.imagesToFolders();
    const units = this.units();
    this.anyDeployer ||= this.imageBuilds.size > 0;
    const claimed = this.assignUnits(units);
    return this.result(units, claimed);
  }

  /** Compose services, once `.env` gave their variables: an app that builds a folder, a store, or a helper left out. */
  private composeServices(): void {
    const services = inOrder(hintsOf(this.files, 'compose-service'));
    const inTestFile = (service: ComposeServiceHint) => testComposeFile.test(baseNameOf(service.evidence[0]?.path ?? ''));
    // Services of the main files first: a test file that redefines one adds to it, one of its own is a test.
    const defines = (service: ComposeServiceHint) => service.image !== null || service.context !== null;
    // The default files name a service before alternatives (`docker-compose.windows.yml`) and test files do.
    const alternative = (service: ComposeServiceHint) => alternativeComposeFile.test(baseNameOf(service.evidence[0]?.path ?? ''));
    const ordered = [
      ...services.filter((entry) => !inTestFile(entry) && !alternative(entry)),
      ...services.filter((entry) => !inTestFile(entry) && alternative(entry)),
      ...services.filter(inTestFile),
    ];
    for (const service of [...ordered.filter(defines), ...ordered.filter((entry) => !defines(entry))]) {
      if (!defines(service)) {
        this.addToDefined(service);
        continue;
      }
      if (inTestFile(service) && this.named(service.name) === undefined) {
        this.leftOut.push({ path: service.evidence[0]!.path, name: service.name, reason: 'service of a test compose file' });
        continue;
      }
      if (isTestProjectName(service.name) && this.named(service.name) === undefined) {
        this.leftOut.push({ path: service.evidence[0]!.path, name: service.name, reason: 'test service: its name says it runs tests' });
        continue;
      }
      this.anyDeployer = true;
      const used: Evidence[] = [];
      const image = this.interpolate(service.image, service.folder, used);
      const context = this.interpolate(service.context, service.folder, used);
      const dockerfileName = this.interpolate(service.dockerfile, service.folder, used);
      const contextFolder = context === null ? null : joinRepositoryPath(service.folder, context);
      const dockerfile = contextFolder === null ? null : joinRepositoryPath(contextFolder, dockerfileName ?? 'Dockerfile');
      const buildFolder = dockerfile === null ? null : folderOf(dockerfile);
      const evidence = [...service.evidence, ...used];
      const base = dockerfile === null ? undefined : this.baseImages.get(dockerfile);
      let store = image === null ? null : storeTechnologyOfImage(image);
      if (store === null && base !== undefined) store = storeTechnologyOfImage(base.image);
      // A custom database image (`acme/catalogue-db`) set up through the official image's variables.
      if (buildFolder === null) store ??= storeTechnologyOfSetup(service.settingNames);
      if (store === 'LocalStack') store = this.localstack(service);
      if (store === null && buildFolder === null && image !== null && isToolingImage(image)) {
        this.leftOut.push({ path: service.evidence[0]!.path, name: service.name, reason: `helper image ${imageRepository(image)}: neither an app nor a store` });
        continue;
      }
      const kind = store === null ? 'app' : 'store';
      const target = this.named(service.name) ?? this.create(service.name, 'compose', kind, false);
      this.addName(target, service.name, 'compose');
      if (store !== null) target.kind = 'store';
      if (buildFolder !== null) target.buildFolders.add(buildFolder);
      if (image !== null) target.images.add(imageRepository(image));
      for (const alias of service.aliases) target.hosts.add(alias.toLowerCase());
      this.addMounts(target, service, used);
      this.addEnvFiles(service);
      const built = buildFolder !== null;
      target.drafts.push({
        draft: 'element',
        factStatus: built || store !== null ? 'observed-in-source' : 'inferred',
        confidence: built || store !== null ? null : imageAppConfidence,
        evidence: base !== undefined && store !== null && (image === null || storeTechnologyOfImage(image) === null) ? [...evidence, ...base.evidence] : evidence,
        ref: { by: 'name', kind, name: service.name },
        kind,
        origin: 'compose',
        name: service.name,
        description: null,
        technology: store ?? (built || image === null ? null : runtimeTechnologyOfImage(image)),
      });
    }
  }

  /** An override of a service another file defines: its aliases and mounts join it; its evidence does not make an element. */
  private addToDefined(service: ComposeServiceHint): void {
    const target = this.named(service.name);
    if (target === undefined) return;
    const used: Evidence[] = [];
    for (const alias of service.aliases) target.hosts.add(alias.toLowerCase());
    this.addMounts(target, service, used);
    this.addEnvFiles(service);
  }

  /** `env_file: .env`: every (cleared) value of that `.env` is a setting of the service. Other env files are secret files, never read. */
  private addEnvFiles(service: ComposeServiceHint): void {
    for (const entry of service.envFiles) {
      const path = joinRepositoryPath(service.folder, entry);
      if (path === null || baseNameOf(path) !== '.env') continue;
      const env = this.envFiles.get(folderOf(path));
      for (const [variable, { value, evidence }] of Object.entries(env?.values ?? {}).sort(([a], [b]) => compareText(a, b))) {
        this.envFileSettings.push({ hint: 'setting', from: { by: 'name', kind: 'app', name: service.name }, variable, value, envFolder: folderOf(path), evidence: [evidence] });
      }
    }
  }

  private addMounts(target: Deployed, service: ComposeServiceHint, used: Evidence[]): void {
    for (const mount of service.mounts) {
      const source = this.interpolate(mount, service.folder, used);
      const folder = source === null ? null : joinRepositoryPath(service.folder, source);
      // A mounted file (`./nginx/default.conf:/etc/nginx/conf.d/default.conf`) configures the service from its folder.
      if (folder !== null) target.configFolders.add(/\.[A-Za-z0-9]{1,12}$/.test(folder) ? folderOf(folder) : folder);
    }
  }

  private localstack(service: ComposeServiceHint): string {
    const named = (service.localstackServices ?? '')
      .split(/[\s,]+/)
      .map((entry) => localstackServices[entry.toLowerCase()])
      .filter((entry): entry is string => entry !== undefined);
    return named.length > 0 ? [...new Set(named)].join(', ') : 'LocalStack';
  }

  /** Another deployer's name for a service already known by its image, build folder or project (never two of one deployer). */
  private joinable(hint: DeploymentHint): Deployed | undefined {
    const images = new Set(hint.images);
    const projects = new Set(hint.projectNames.map(flatName));
    return this.deployed.find(
      (candidate) =>
        !candidate.names.some((entry) => entry.via === hint.via) &&
        ([...candidate.images].some((image) => images.has(image)) ||
          (hint.buildFolder !== null && candidate.buildFolders.has(hint.buildFolder)) ||
          [...candidate.projectNames].some((project) => projects.has(project))),
    );
  }

  private deployments(): void {
    const hints = inOrder(hintsOf(this.files, 'deployment')).sort(
      (a, b) => deployedNamePrecedence.indexOf(a.via) - deployedNamePrecedence.indexOf(b.via),
    );
    for (const hint of hints) {
      if (hint.via !== 'helm') this.anyDeployer = true;
      const target = this.named(hint.ref.name) ?? this.joinable(hint) ?? this.variantOf(hint.ref.name) ?? this.create(hint.ref.name, hint.via, hint.ref.kind === 'store' ? 'store' : 'app', hint.via === 'helm');
      this.addName(target, hint.ref.name, hint.via);
      if (hint.via !== 'helm') target.weak = false;
      if (hint.buildFolder !== null) target.buildFolders.add(hint.buildFolder);
      target.deployedAt.push(...hint.evidence);
      for (const image of hint.images) target.images.add(image);
      for (const project of hint.projectNames) target.projectNames.add(flatName(project));
      if (hint.dockerfile !== null) {
        const base = this.baseImages.get(hint.dockerfile);
        const store = base === undefined ? null : storeTechnologyOfImage(base.image);
        if (store !== null) target.kind = 'store';
      }
    }
  }

  /** Elements a file names outright (a Kubernetes workload, an Aspire resource, a Terraform store): joined by name. */
  private namedDrafts(): void {
    for (const draft of inOrder(this.files.flatMap((file) => file.facts.filter((fact): fact is ElementDraft => fact.draft === 'element' && fact.ref.by === 'name')))) {
      if (draft.ref.by !== 'name') continue;
      // The CI's own infrastructure (a Terraform state bucket under `.github/`) is not the system's.
      const places = draft.evidence.map((evidence) => folderRoleReason(folderOf(evidence.path)));
      if (places.length > 0 && places.every((place) => place?.startsWith('CI'))) {
        this.leftOut.push({ path: draft.evidence[0]!.path, name: draft.ref.name, reason: `${places[0]}: the CI's own infrastructure` });
        continue;
      }
      const target = this.named(draft.ref.name) ?? this.variantOf(draft.ref.name) ?? this.create(draft.ref.name, draft.origin === 'kubernetes' ? 'kubernetes' : 'compose', draft.kind === 'store' ? 'store' : 'app', false);
      if (draft.kind === 'store') target.kind = 'store';
      // A workload or resource that states itself is no longer only a Helm guess.
      target.weak = false;
      target.drafts.push(draft);
    }
  }

  /**
   * A workload named `<service>-<suffix>` whose pods carry the label of a known
   * `<service>` (`payment-fix` with `service: payment`, a canary) is a variant of it.
   */
  private variantOf(name: string): Deployed | undefined {
    const labels = this.workloadLabels.get(name) ?? {};
    for (const label of workloadNameLabels) {
      const value = labels[label];
      if (value === undefined || value === name || !name.startsWith(`${value}-`)) continue;
      const known = this.named(value);
      if (known !== undefined) return known;
    }
    return undefined;
  }

  private imagesToFolders(): void {
    for (const target of this.deployed) {
      for (const image of target.images) {
        const build = this.imageBuilds.get(image);
        if (build === undefined) continue;
        target.buildFolders.add(build.dockerfile === null ? build.folder : folderOf(build.dockerfile));
        target.drafts.push({ draft: 'element', factStatus: 'observed-in-source', confidence: null, evidence: build.evidence, ref: { by: 'folder', folder: build.folder }, kind: target.kind, origin: 'container-image', name: null, description: null, technology: null });
      }
    }
  }

  private units(): Unit[] {
    const byFolder = new Map<string, ElementDraft[]>();
    for (const file of this.files) {
      for (const fact of file.facts) {
        if (fact.draft !== 'element' || fact.ref.by !== 'folder') continue;
        const list = byFolder.get(fact.ref.folder);
        if (list) list.push(fact);
        else byFolder.set(fact.ref.folder, [fact]);
      }
    }
    return [...byFolder]
      .sort(([a], [b]) => compareText(a, b))
      .map(([folder, drafts]) => ({
        folder,
        drafts: inOrder(drafts),
        traits: mergedTraits(drafts),
        hasDockerfile: drafts.some((draft) => draft.origin === 'container-image'),
        hasManifest: drafts.some((draft) => draft.origin === 'manifest'),
      }));
  }

  /** The deployed services each folder's projects belong to. */
  private assignUnits(units: readonly Unit[]): Map<Unit, Deployed[]> {
    const claimed = new Map<Unit, Deployed[]>();
    const claim = (unit: Unit, target: Deployed) => {
      const list = claimed.get(unit) ?? [];
      if (!list.includes(target)) list.push(target);
      claimed.set(unit, list);
    };
    const apps = this.deployed.filter((target) => target.kind === 'app');
    for (const unit of units) {
      // The folder a deployer builds (a custom store image too), or a project it runs by name (Aspire).
      const names = new Set(unit.traits.projectNames.map(flatName));
      for (const target of this.deployed) {
        if (target.buildFolders.has(unit.folder) || [...target.projectNames].some((project) => names.has(project))) claim(unit, target);
      }
    }
    for (const unit of units) {
      if (claimed.has(unit) || unit.traits.test || unit.traits.workspaceRoot) continue;
      // A project below the folder built (`Dockerfile` at the service root, the project in `src/`): the nearest build folder wins.
      const enclosing = apps
        .flatMap((target) => [...target.buildFolders].filter((folder) => folder !== '' && isInside(unit.folder, folder)).map((folder) => ({ target, folder })))
        .sort((a, b) => b.folder.length - a.folder.length);
      const nearest = enclosing[0];
      if (nearest !== undefined && enclosing.filter((entry) => entry.folder === nearest.folder).length === 1 && folderRoleReason(unit.folder.slice(nearest.folder.length)) === null) {
        claim(unit, nearest.target);
      }
    }
    // A deployed service no folder joined yet: the project its image is named after (`acme/orders-service` ← artifactId `orders-service`).
    for (const target of apps) {
      if ([...claimed.values()].some((list) => list.includes(target))) continue;
      const imageNames = new Set([...target.images].map((image) => flatName(image.slice(image.lastIndexOf('/') + 1))));
      const matching = units.filter((unit) => !claimed.has(unit) && !unit.traits.test && unit.traits.projectNames.some((name) => imageNames.has(flatName(name))));
      if (matching.length === 1) claim(matching[0]!, target);
    }
    // A deployed service no folder joined yet: the project whose name or folder reads like its name.
    for (const target of apps) {
      if ([...claimed.values()].some((list) => list.includes(target))) continue;
      const wanted = new Set(target.names.map((entry) => canonicalName(entry.name)));
      const matching = units.filter(
        (unit) =>
          !claimed.has(unit) &&
          !unit.traits.test &&
          !unit.traits.workspaceRoot &&
          [...unit.traits.projectNames, baseNameOf(unit.folder)].some((name) => name !== '' && wanted.has(canonicalName(name))),
      );
      if (matching.length === 1) claim(matching[0]!, target);
    }
    return claimed;
  }

  private whyLeftOut(unit: Unit): string | null {
    if (unit.traits.workspaceRoot) return 'monorepo, aggregator, orchestrator (Aspire AppHost) or test-runner root: it holds or starts projects and is none';
    if (unit.traits.test) return 'test project';
    const place = folderRoleReason(unit.folder);
    if (place !== null) return `${place}: nothing deploys it`;
    if (!this.anyDeployer) return null;
    if (unit.traits.library) return 'class library: nothing deploys it and it names no entry point';
    if (!unit.hasManifest) return 'Dockerfile that no compose file, workload or build names';
    if (!unit.traits.runnable && !unit.hasDockerfile) return 'nothing deploys it and it names no entry point';
    return null;
  }

  private result(units: readonly Unit[], claimed: Map<Unit, Deployed[]>): ServiceIdentity {
    const elements = new Map<string, ElementDraft[]>();
    const byName = new Map<string, string>();
    const byFolder = new Map<string, string>();
    const folderKeys = new Map<string, Set<string>>();
    const hosts = new Map<string, string>();
    const add = (key: string, drafts: readonly ElementDraft[]) => {
      const list = elements.get(key);
      if (list) list.push(...drafts);
      else elements.set(key, [...drafts]);
    };
    const atFolder = (folder: string, key: string) => {
      const keys = folderKeys.get(folder) ?? new Set<string>();
      keys.add(key);
      folderKeys.set(folder, keys);
    };
    const roles: ServiceIdentity['roles'] = [];
    const rolesOf = (unit: Unit, key: string) => {
      for (const draft of unit.drafts) for (const entry of draft.project?.roles ?? []) roles.push({ key, folder: unit.folder, ...entry });
    };
    const keyOf = new Map<Deployed, string>();
    for (const target of this.deployed) {
      const joined = [...claimed].filter(([, list]) => list.includes(target)).map(([unit]) => unit);
      if (target.weak && joined.length === 0 && this.anyDeployer) {
        const path = firstEvidence([...target.drafts.flatMap((draft) => draft.evidence), ...target.deployedAt]).split('\u0000')[0]!;
        this.leftOut.push({ path, name: target.names[0]!.name, reason: 'Helm chart that builds no folder of this repository and that nothing else deploys' });
        continue;
      }
      const name = [...target.names].sort((a, b) => deployedNamePrecedence.indexOf(a.via) - deployedNamePrecedence.indexOf(b.via))[0]!.name;
      const key = elementKey(target.kind, name);
      keyOf.set(target, key);
      const ownDrafts = target.drafts.map((draft) => ({ ...draft, kind: target.kind }));
      // The manifests' names stay in the evidence; the deployed name names the element.
      const unitDrafts = joined.flatMap((unit) => unit.drafts.map((draft) => ({ ...draft, kind: target.kind, name: draft.origin === 'manifest' ? null : draft.name })));
      if (ownDrafts.length === 0 && target.deployedAt.length > 0) {
        // Named only by deployment hints (a Helm chart, a Procfile entry): their lines state it.
        ownDrafts.push({ draft: 'element', factStatus: 'observed-in-source', confidence: null, evidence: target.deployedAt, ref: { by: 'name', kind: target.kind, name }, kind: target.kind, origin: 'kubernetes', name, description: null, technology: null });
      }
      if (ownDrafts.length === 0 && unitDrafts.length === 0) continue;
      add(key, [...ownDrafts, ...unitDrafts]);
      for (const entry of target.names) if (!byName.has(entry.name.toLowerCase())) byName.set(entry.name.toLowerCase(), key);
      for (const host of target.hosts) if (!hosts.has(host)) hosts.set(host, key);
      for (const folder of target.buildFolders) atFolder(folder, key);
      for (const folder of target.configFolders) if (folder !== '' && folder !== '.') atFolder(folder, key);
      for (const unit of joined) {
        atFolder(unit.folder, key);
        rolesOf(unit, key);
      }
    }
    for (const unit of units) {
      if (claimed.has(unit)) continue;
      const name = cleanName(unit.drafts.find((draft) => draft.origin === 'manifest' && draft.name !== null)?.name) ?? (unit.folder === '' ? this.rootAppName : cleanName(baseNameOf(unit.folder)));
      if (name === null) continue;
      const path = unit.drafts[0]!.evidence[0]?.path ?? unit.folder;
      const reason = this.whyLeftOut(unit);
      if (reason !== null) {
        this.leftOut.push({ path, name, reason });
        continue;
      }
      const key = elementKey('app', name);
      add(key, unit.drafts.map((draft) => ({ ...draft, name: draft.name ?? name })));
      if (!byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), key);
      atFolder(unit.folder, key);
      rolesOf(unit, key);
    }
    for (const [folder, keys] of folderKeys) if (keys.size === 1) byFolder.set(folder, [...keys][0]!);
    return { elements, byName, byFolder, hosts, roles, envFileSettings: this.envFileSettings, leftOut: this.leftOut.sort((a, b) => compareText(a.path, b.path) || compareText(a.name, b.name)) };
  }
}

/**
 * The elements of a repository: one per deployed service or store, and one
 * per project that runs although nothing deploys it.
 *
 * @example
 * const identity = serviceIdentity(files, 'shop');
 * identity.byName.get('orders'); // 'element:app:orders'
 */
export function serviceIdentity(files: readonly FileFacts[], rootAppName: string): ServiceIdentity {
  return new IdentityBuilder(files, rootAppName).build();
}
