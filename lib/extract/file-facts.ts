/**
 * What one extractor finds in one file: partial facts ("drafts") and
 * connection hints. A draft may name an element it cannot key yet (the app of
 * a folder, the owner of an API document, the target of a connection URL);
 * combine-facts.ts resolves those once every file is read.
 */
import type { channelKinds, ElementKind } from '../model/model-records';
import type { Evidence } from './extracted-fact';

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
  | { by: 'document-owner'; folder: string; hosts: readonly string[]; title: string | null; titleEvidence: Evidence | null };

/** Where an element draft comes from: decides which draft's name, technology and description win when drafts meet. */
export type ElementOrigin = 'manifest' | 'container-image' | 'compose' | 'kubernetes' | 'terraform' | 'document-title';

/** Truth of a draft: merged drafts are observed when any is, else inferred with the highest confidence. */
export interface DraftTruth {
  factStatus: 'observed-in-source' | 'inferred';
  confidence: number | null;
  evidence: Evidence[];
}

export interface ElementDraft extends DraftTruth {
  draft: 'element';
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
}

/** A channel of a Terraform module, by the resource address its files use (`aws_sqs_queue.orders`). */
export interface TerraformAddress {
  folder: string;
  address: string;
}

export interface ChannelDraft extends DraftTruth {
  draft: 'channel';
  name: string;
  /** Null when the source does not say: `topic` unless another draft states a kind. */
  kind: ChannelKind | null;
  terraform: TerraformAddress | null;
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
  /** `url`: a URL with scheme names the host; `host`: a bare host setting; `depends-on`: compose start order; `server`: an API document's server. */
  via: 'url' | 'host' | 'depends-on' | 'server';
  /** The setting that names it (`DATABASE_URL`), never its value. */
  variable: string | null;
  /** URL scheme, lower case (`postgres`, `amqp`). */
  scheme: string | null;
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

export type Hint = ConnectionHint | HostAliasHint | ServiceSelectorHint | WorkloadLabelsHint;

/** Everything one extractor found in one file. */
export interface FileFacts {
  facts: FactDraft[];
  hints: Hint[];
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
