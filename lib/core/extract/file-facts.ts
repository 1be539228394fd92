/**
 * What one extractor finds in one file: partial facts ("drafts") and
 * connection hints. A draft may name an element it cannot key yet (the app of
 * a folder, the owner of an API document, the target of a connection URL);
 * combine-facts.ts resolves those once every file is read.
 */
import type { channelKinds, ElementKind } from '../model/model-records';
import type { Evidence } from './extracted-fact';
import type { ChannelScope } from './fact-keys';

type ChannelKind = (typeof channelKinds)[number];

/** How a draft names an element before the whole repository is known. */
export type ElementRef =
  /** The app built from this folder (`''` is the root): by its manifest, Dockerfile or compose `build`. */
  | { by: 'folder'; folder: string }
  /** An element by kind and name, as a compose service, a Kubernetes workload or a Terraform resource states it. */
  | { by: 'name'; kind: ElementKind; name: string }
  /**
   * The owner of an API document: the app of the nearest folder at or above
   * the document, else the element a server host names, else an app named by
   * the document's title (inferred).
   */
  | { by: 'document-owner'; folder: string; hosts: readonly string[]; title: string | null; titleEvidence: Evidence | null }
  /**
   * The deployed element built from this folder or the nearest folder above it
   * that one is built from: for a configuration file inside a service's folder
   * (application.yml, appsettings.json, nginx.conf, envoy.yaml). Nothing when no
   * deployed element encloses the folder.
   */
  | { by: 'enclosing'; folder: string }
  /**
   * An element whose name matches one of `names` (case, separators and one
   * `service`/`api` suffix ignored: `CartService` matches `cartservice` and
   * `cart`), else the element enclosing `folder` (as `enclosing`): the owner
   * of a `.proto` service.
   */
  | { by: 'named-or-enclosing'; names: readonly string[]; folder: string };

/** Where an element draft comes from: decides which draft's name, technology and description win when drafts meet. */
export type ElementOrigin = 'manifest' | 'container-image' | 'compose' | 'kubernetes' | 'terraform' | 'document-title' | 'aspire' | 'procfile';

/** Truth of a draft: merged drafts are observed when any is, else inferred with the highest confidence. */
export interface DraftTruth {
  factStatus: 'observed-in-source' | 'inferred';
  confidence: number | null;
  evidence: Evidence[];
}

/**
 * What a manifest says of the project in its folder, for deciding whether it
 * is a deployed service (combine-facts.ts): a test project, a class library or
 * a monorepo root is never an app of its own.
 */
export interface ProjectTraits {
  /** The project's own names (package `name`, go module's last part, AssemblyName and file name, artifactId): joined to what deploys it. */
  projectNames: string[];
  /** A test project (test SDK or framework references, `IsTestProject`, a test folder). */
  test: boolean;
  /** A library: nothing in the manifest says it runs (.NET without `OutputType Exe` and not a web SDK, a Maven `pom`/jar without a main). */
  library: boolean;
  /** The manifest names an entry point (`start` script, `main`, `bin`, a web or worker SDK, `OutputType Exe`, a boot plugin, console scripts). */
  runnable: boolean;
  /** A monorepo or test-runner root (`workspaces`, Playwright/Cypress configuration): holds projects, is none. */
  workspaceRoot: boolean;
  /**
   * Infrastructure roles its dependencies give it (`spring-cloud-starter-netflix-eureka-client`
   * is a client of `eureka`; `…-eureka-server` is the server): a client calls the one server
   * of its role in the repository.
   */
  roles?: { role: string; side: 'client' | 'server'; evidence: Evidence }[];
}

export interface ElementDraft extends DraftTruth {
  draft: 'element';
  /** Manifests only: what decides whether the folder's project is a service. */
  project?: ProjectTraits;
  ref: Extract<ElementRef, { by: 'folder' | 'name' }>;
  kind: ElementKind;
  origin: ElementOrigin;
  /** Null for a folder app whose file does not name it (a Dockerfile): the folder's name is the last resort. */
  name: string | null;
  description: string | null;
  technology: string | null;
}

export interface SchemaDraft extends DraftTruth {
  draft: 'schema';
  key: string;
  name: string;
  description: string | null;
  content: string;
}

export interface OperationDraft extends DraftTruth {
  draft: 'operation';
  owner: ElementRef;
  /** `METHOD /path`: the operation's part of its key, kept when its operationId changes. */
  signature: string;
  name: string;
  transport: 'http' | 'grpc' | 'command';
  requestSchemaKey: string | null;
  responseSchemaKey: string | null;
}

export interface MessageDraft extends DraftTruth {
  draft: 'message';
  name: string;
  description: string | null;
  producer: ElementRef | null;
  consumers: ElementRef[];
  schemaKey: string | null;
  tags: string[];
  /** The broker or document its name holds in (fact-keys.ts); absent: the name is global. */
  scope?: ChannelScope | null;
}

/** A channel of a Terraform module, by the resource address its files use (`aws_sqs_queue.orders`). */
export interface TerraformAddress {
  /** The module instance: its folder for a root module, `folder::module.name…` for one a module block calls. */
  folder: string;
  address: string;
}

export interface ChannelDraft extends DraftTruth {
  draft: 'channel';
  name: string;
  /** Null when the source does not say: `topic` unless another draft states a kind. */
  kind: ChannelKind | null;
  terraform: TerraformAddress | null;
  /** The broker or document its name holds in (fact-keys.ts); absent: the name is global (a Terraform resource). */
  scope?: ChannelScope | null;
}

export interface SubscriptionDraft extends DraftTruth {
  draft: 'subscription';
  channelKey: string;
  consumer: ElementRef;
}

export type ChannelRef = { by: 'key'; key: string } | ({ by: 'terraform' } & TerraformAddress);

export interface BindingDraft extends DraftTruth {
  draft: 'binding';
  source: ChannelRef;
  target: ChannelRef;
  routingKey: string | null;
}

export type FactDraft = ElementDraft | SchemaDraft | OperationDraft | MessageDraft | ChannelDraft | SubscriptionDraft | BindingDraft;

/**
 * A connection an element makes to a host: a URL or host name in its
 * environment, a compose `depends_on`, a server of its API document. Becomes a
 * relationship when the host names a known element.
 */
export interface ConnectionHint {
  hint: 'connection';
  from: ElementRef;
  /** Lower case. */
  host: string;
  /**
   * `url`: a URL with scheme names the host; `host`: a bare host setting;
   * `depends-on`: compose start order (not a call alone); `server`: an API
   * document's server; `proxy`: a proxy's upstream (nginx `proxy_pass`,
   * Envoy cluster, gateway route); `reference`: a declared reference (Aspire
   * `WithReference`, a NetworkPolicy `from`).
   */
  via: 'url' | 'host' | 'depends-on' | 'server' | 'proxy' | 'reference';
  /** The setting that names it (`DATABASE_URL`), never its value. */
  variable: string | null;
  /** URL scheme, lower case (`postgres`, `amqp`). */
  scheme: string | null;
  evidence: Evidence[];
}

/**
 * A setting whose value may name hosts once variables are substituted: a
 * compose `environment` entry (`CART_ADDR=${CART_ADDR}`, or `- CART_ADDR`
 * passed through from `.env`), a Spring property, a connection string. The
 * value is kept in memory only while the scan runs; only the hosts it names
 * reach a fact. Resolved by combine-facts.ts once every file (and `.env`) is
 * read: `${VAR}`, `${VAR:-default}` and `${VAR-default}` are substituted from
 * the `.env` of `envFolder`, then the hosts are read as `hostsOfSetting` does,
 * and a value that is exactly another deployed element's host name counts too
 * when the setting's name says it connects (`EventBusConnection=rabbitmq`).
 */
export interface SettingHint {
  hint: 'setting';
  from: ElementRef;
  variable: string;
  /** Null when the entry passes the variable through from the environment (`- CART_ADDR`). */
  value: string | null;
  /** The folder whose `.env` supplies `${VAR}` values (the compose file's folder); null when none applies. */
  envFolder: string | null;
  evidence: Evidence[];
}

/**
 * The non-secret values of a `.env` file, by variable. A value that looks like
 * a secret (by the variable's name or the value's shape) is never kept: its
 * variable is listed in `withheld` instead.
 */
export interface EnvFileHint {
  hint: 'env-file';
  folder: string;
  values: Record<string, { value: string; evidence: Evidence }>;
  withheld: string[];
}

/**
 * Something deploys a named element: a compose service, a Kubernetes
 * workload, a Helm chart, an Aspire `AddProject`, a Procfile entry, a
 * serverless function. It ties the deployed name to the folder it builds, the
 * projects it runs and the images it runs, so one deployed service is one
 * element whatever else names it (combine-facts.ts "Identity").
 */
export interface DeploymentHint {
  hint: 'deployment';
  ref: Extract<ElementRef, { by: 'name' }>;
  via: 'compose' | 'kubernetes' | 'helm' | 'aspire' | 'procfile' | 'serverless' | 'skaffold' | 'ci';
  /** The folder it builds (a Dockerfile's folder or a project's folder); null when it runs an image only. */
  buildFolder: string | null;
  /** The Dockerfile it builds, when the deployer names one (repository path). */
  dockerfile: string | null;
  /** Project names it runs (`Basket.API` of `AddProject<Projects.Basket_API>`), matched to ProjectTraits.projectNames. */
  projectNames: string[];
  /** Image repositories it runs, lower case, without registry host and tag (`eshop/basket.api`). */
  images: string[];
  evidence: Evidence[];
}

/** An image built from a folder (a skaffold artifact, a CI `docker build -t`): joins the workloads that run the image to the folder. */
export interface ImageBuildHint {
  hint: 'image-build';
  /** Lower case, without registry host and tag. */
  image: string;
  folder: string;
  dockerfile: string | null;
  evidence: Evidence[];
}

/**
 * A compose service as written: its image, build context and Dockerfile may
 * name variables (`dockerfile: ${CART_DOCKERFILE}`, `image: ${POSTGRES_IMAGE}`)
 * that only the `.env` beside the compose file gives, so whether it is an app,
 * a store or a helper, and which folder it builds, is decided once every file
 * is read (combine-facts.ts "Identity").
 */
export interface ComposeServiceHint {
  hint: 'compose-service';
  /** The compose file's folder: paths are relative to it and its `.env` supplies variables. */
  folder: string;
  name: string;
  /** Raw `image`, `build.context` (or the short `build: path`) and `build.dockerfile`. */
  image: string | null;
  context: string | null;
  dockerfile: string | null;
  /** The `SERVICES` setting of a LocalStack container, raw. */
  localstackServices: string | null;
  /** Host names that reach it besides its name: `hostname`, `container_name`, network aliases. */
  aliases: string[];
  /** Repository paths bind-mounted into it (`./envoy:/etc/envoy`), raw: the configuration files there are its own. */
  mounts: string[];
  /** Names of its `environment` settings: the setup variables of an official store image make it a store. */
  settingNames: string[];
  /** Its `env_file` entries, raw (relative to the compose file): a `.env` there gives it those variables. */
  envFiles: string[];
  evidence: Evidence[];
}

/** A Dockerfile's base image (`FROM mongo:7`): a custom image of a store is a store. */
export interface BaseImageHint {
  hint: 'base-image';
  dockerfile: string;
  /** The last stage's base image as written. */
  image: string;
  evidence: Evidence[];
}

/** A host name that reaches an element: a compose service name, hostname or network alias. */
export interface HostAliasHint {
  hint: 'host-alias';
  host: string;
  ref: Extract<ElementRef, { by: 'folder' | 'name' }>;
  evidence: Evidence[];
}

/** A Kubernetes Service: its name reaches the workloads whose pod labels hold its selector. */
export interface ServiceSelectorHint {
  hint: 'service-selector';
  host: string;
  namespace: string | null;
  selector: Record<string, string>;
  evidence: Evidence[];
}

/** The pod labels of a Kubernetes workload, for Service selectors. */
export interface WorkloadLabelsHint {
  hint: 'workload-labels';
  ref: Extract<ElementRef, { by: 'name' }>;
  namespace: string | null;
  labels: Record<string, string>;
  evidence: Evidence[];
}

/**
 * A Terraform block that makes or names something once a module's files are
 * read together (terraform-modules.ts): a mapped resource, a variable with a
 * default, a `locals` block, a `module` call with a local source. Attribute
 * values are kept as written.
 */
export interface TerraformBlockHint {
  hint: 'terraform-block';
  /** The module: the folder of the .tf file. */
  folder: string;
  block: 'resource' | 'variable' | 'locals' | 'module';
  /** A resource's type and label; a variable's or module call's name; none for `locals`. */
  labels: string[];
  /** Expressions as written, by attribute name (own properties only). */
  attributes: Record<string, string>;
  evidence: Evidence[];
}

export type Hint =
  | TerraformBlockHint
  | ConnectionHint
  | SettingHint
  | EnvFileHint
  | DeploymentHint
  | ImageBuildHint
  | BaseImageHint
  | ComposeServiceHint
  | HostAliasHint
  | ServiceSelectorHint
  | WorkloadLabelsHint
  | HelmChartPartHint;

/** Everything one extractor found in one file. */
export interface FileFacts {
  facts: FactDraft[];
  hints: Hint[];
  /**
   * What a person should know about the file when it gave less than it seems
   * to hold, in a few words each ("resource kind google_compute_network is not
   * mapped"): counted per extractor in the scan's diagnostics.
   */
  notes?: string[];
}

export const noFileFacts: FileFacts = Object.freeze({ facts: [], hints: [] }) as FileFacts;

/**
 * One extraction rule: a pure function from a file's path and text to what it
 * states. It never throws (garbage gives no facts) and reads nothing else.
 */
export interface Extractor {
  /** Stable name, part of the rules version. */
  name: string;
  /** Raised whenever what the extractor reads or returns changes (rules-version.ts). */
  version: number;
  /** Whether a file at this path may give facts, by its name alone (no read needed). */
  mayRead(path: string): boolean;
  extract(path: string, text: string): FileFacts;
  /** The tables that shape its output (technology names, file names…), hashed into the rules version. */
  tables: unknown;
}

/** The truth of a draft a file states outright. */
export function observedIn(evidence: Evidence[]): DraftTruth {
  return { factStatus: 'observed-in-source', confidence: null, evidence };
}

/** The truth of a draft concluded from a name or a host, with how sure the rule is. */
export function inferredFrom(evidence: Evidence[], confidence: number): DraftTruth {
  return { factStatus: 'inferred', confidence, evidence };
}

/** What one file of a chart folder says. */
export interface HelmChartPartHint {
  hint: 'helm-chart-part';
  /** The file it comes from. */
  path: string;
  /** The chart's folder (Chart.yaml's and values.yaml's). */
  folder: string;
  /** From Chart.yaml; null for a values file. */
  chart: { name: string; hasDependencies: boolean; library: boolean; evidence: Evidence[] } | null;
  /** Image repositories (lower case, no registry or tag); `own` when at the top of the values (`image:`), not a sidecar's or a subchart's. */
  images: { image: string; own: boolean; evidence: Evidence }[];
  /** Settings (`env` entries, connection strings); values are kept in memory only while the scan runs. */
  settings: { variable: string; value: string; evidence: Evidence }[];
}
