import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a database default: optional on insert. */
type TimestampWithDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string | null;
  is_instance_admin: Generated<boolean>;
  /** Not written since migration 0008: failures are counted per client in `sign_in_failures`. */
  failed_login_count: Generated<number>;
  /** Not written since migration 0008. */
  locked_until: Date | null;
  created_at: TimestampWithDefault;
}

export interface SessionKeysTable {
  id: Generated<string>;
  master_key_id: string;
  ciphertext: Buffer;
  created_at: TimestampWithDefault;
}

/** A workspace credential, encrypted under the master key `master_key_id` (migration 0010). */
export interface WorkspaceSecretsTable {
  workspace_id: string;
  name: string;
  /** The origin the value was saved for; null when its address was not set. */
  origin: string | null;
  master_key_id: string;
  ciphertext: Buffer;
  /** Audit actor of the last save. */
  updated_by: string;
  updated_at: Timestamp;
}

/** The typed shape of the service's database, one member per table. */
export interface Database {
  users: UsersTable;
  session_keys: SessionKeysTable;
  workspace_secrets: WorkspaceSecretsTable;
  sessions: SessionsTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  invitations: InvitationsTable;
  projects: ProjectsTable;
  agent_tokens: AgentTokensTable;
  rate_limit_windows: RateLimitWindowsTable;
  rate_limit_log: RateLimitLogTable;
  external_sign_in_attempts: ExternalSignInAttemptsTable;
  external_identities: ExternalIdentitiesTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_account_failures: SignInAccountFailuresTable;
  audit_log: AuditLogTable;
  instance_settings: InstanceSettingsTable;
  workspace_settings: WorkspaceSettingsTable;
  model_streams: ModelStreamsTable;
  model_entities: ModelEntitiesTable;
  model_changes: ModelChangesTable;
  branch_base_entities: BranchBaseEntitiesTable;
  views: ViewsTable;
  view_positions: ViewPositionsTable;
  share_links: ShareLinksTable;
  scenarios: ScenariosTable;
  promises: PromisesTable;
  promise_revisions: PromiseRevisionsTable;
  promise_runs: PromiseRunsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  sources: SourcesTable;
  scans: ScansTable;
  scan_facts: ScanFactsTable;
  scan_files: ScanFilesTable;
  proposals: ProposalsTable;
  fact_bindings: FactBindingsTable;
  snapshots: SnapshotsTable;
  source_files: SourceFilesTable;
  scan_archives: ScanArchivesTable;
  price_entries: PriceEntriesTable;
  cost_sheets: CostSheetsTable;
  cost_resources: CostResourcesTable;
  cost_assumptions: CostAssumptionsTable;
  saved_estimates: SavedEstimatesTable;
  load_test_targets: LoadTestTargetsTable;
  stress_profiles: StressProfilesTable;
  load_test_scripts: LoadTestScriptsTable;
  stress_runs: StressRunsTable;
  load_test_results: LoadTestResultsTable;
  ai_calls: AiCallsTable;
  comment_threads: CommentThreadsTable;
  comments: CommentsTable;
  comment_questions: CommentQuestionsTable;
  comment_decisions: CommentDecisionsTable;
  webhook_events: WebhookEventsTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  ai_proposals: AiProposalsTable;
}

export type WorkspaceRole = 'viewer' | 'editor' | 'owner';

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface WorkspacesTable {
  id: Generated<string>;
  name: string;
  created_at: TimestampWithDefault;
}

export interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  created_at: TimestampWithDefault;
}

export interface InvitationsTable {
  id: Generated<string>;
  workspace_id: string;
  email: string;
  role: WorkspaceRole;
  secret_hash: string;
  status: 'open' | 'accepted' | 'declined' | 'revoked';
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface ProjectsTable {
  id: Generated<string>;
  workspace_id: string;
  name: string;
  description: string | null;
  created_at: TimestampWithDefault;
}

export interface AgentTokensTable {
  id: Generated<string>;
  workspace_id: string;
  project_id: string | null;
  name: string;
  scopes: string[];
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

/** Not written since migration 0006 (see rate_limit_log). */
export interface RateLimitWindowsTable {
  bucket: string;
  window_start: Timestamp;
  hits: number;
}

export interface RateLimitLogTable {
  bucket: string;
  /** Allowed calls within the window, oldest first. */
  hits: Date[];
  /** Whether the last call counted against the bucket was allowed. */
  allowed: boolean;
  expires_at: Timestamp;
}

export interface ExternalSignInAttemptsTable {
  state_hash: string;
  provider: string;
  redirect_uri: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  subject: string | null;
  email: string | null;
  name: string | null;
  failure: ColumnType<unknown, string | null, string | null>;
  called_back_at: Timestamp | null;
  completed_at: Timestamp | null;
}

/** Failed password sign-ins of one account from one client key (docs/sign-in.md). */
export interface SignInFailuresTable {
  user_id: string;
  client_key: string;
  /** Failures since the last lock or success. */
  failures: number;
  /** Locks one after another; the next lasts twice as long. */
  locks: number;
  locked_until: Timestamp | null;
  last_failure_at: Timestamp;
}

/** An account's failed password sign-ins from every address within one window. */
export interface SignInAccountFailuresTable {
  user_id: string;
  window_started_at: Timestamp;
  failures: number;
}

export interface ExternalIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  workspace_id: string | null;
  actor: string;
  action: string;
  detail: ColumnType<unknown, string, string>;
  at: Timestamp;
}

/** The one row of instance settings (migration 0009); jsonb read as parsed values, written as JSON text. */
export interface InstanceSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  policy: ColumnType<unknown, string, string>;
  defaults: ColumnType<unknown, string, string>;
  version: number;
  updated_at: Timestamp;
}

export interface WorkspaceSettingsTable {
  workspace_id: string;
  overrides: ColumnType<unknown, string, string>;
  version: number;
  updated_at: Timestamp;
}

export type StreamKind = 'main' | 'draft' | 'variant' | 'revision';

export interface ModelStreamsTable {
  id: string;
  project_id: string;
  kind: StreamKind;
  name: string;
  model_version: Generated<number>;
  base_version: number | null;
  created_by: string | null;
  created_at: Timestamp;
  /** Whether `branch_base_entities` holds the main records the branch was copied from (migration 0027). */
  base_kept: Generated<boolean>;
  merged_at: Timestamp | null;
  merged_by: string | null;
  /** Main's version the merge made. */
  merged_version: number | null;
}

/** The records of main a branch was copied from, as they were then (migration 0027). */
export interface BranchBaseEntitiesTable {
  branch_id: string;
  id: string;
  kind: string;
  body: ColumnType<unknown, string, string>;
}

export interface ModelEntitiesTable {
  stream_id: string;
  id: string;
  kind: string;
  /** The record as the model document writes it. */
  body: ColumnType<unknown, string, string>;
  /** The name folded for search (`foldName`), null when the record has no name. */
  name_folded: string | null;
}

export interface ModelChangesTable {
  stream_id: string;
  version: number;
  actor: string;
  at: Timestamp;
  summary: string;
  entries: ColumnType<unknown, string, string>;
}

export interface ViewsTable {
  id: string;
  project_id: string;
  name: string;
  root_element_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A share link of a view (migration 0012): the token's SHA-256, never the token. */
export interface ShareLinksTable {
  id: Generated<string>;
  project_id: string;
  view_id: string;
  /** SHA-256 hex of the token. */
  token_hash: string;
  /** scrypt hash (lib/features/auth/password.ts), or null for a link without password. */
  password_hash: string | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The person who made it; null once their account is gone. */
  created_by: string | null;
  created_at: Timestamp;
}

export interface ViewPositionsTable {
  view_id: string;
  element_id: string;
  x: number;
  y: number;
}

export interface ScenariosTable {
  project_id: string;
  id: string;
  name: string;
  /** The scenario document without `origin`; null once deleted. */
  document: ColumnType<unknown, string | null, string | null>;
  origin: ColumnType<unknown, string | null, string | null>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface PromisesTable {
  id: string;
  project_id: string;
  requirement_number: number;
  origin: 'manual' | 'agent' | 'generated';
  next_obligation_number: Generated<number>;
  known_obligations: ColumnType<unknown, string | undefined, string>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PromiseRevisionStatus = 'draft' | 'in-force' | 'superseded';

export interface PromiseRevisionsTable {
  promise_id: string;
  revision: number;
  status: PromiseRevisionStatus;
  title: string;
  text: string;
  links: ColumnType<unknown, string, string>;
  obligations: ColumnType<unknown, string, string>;
  content_hash: string;
  last_changed_by: string;
  last_changed_at: Timestamp;
  approved_by: string | null;
  approved_at: Timestamp | null;
}

export interface PromiseRunsTable {
  /** Append order; runs are listed newest first by it. */
  seq: ColumnType<string, never, never>;
  id: string;
  promise_id: string;
  obligation_id: string;
  promise_revision: number;
  result: 'passed' | 'failed' | 'not-run' | 'unsupported';
  scope: string;
  environment: string | null;
  model_revision: number | null;
  commit_sha: string | null;
  evidence: ColumnType<unknown, string, never>;
  limitations: ColumnType<unknown, string, never>;
  detail: string;
  inputs: ColumnType<unknown, string, never>;
  assertions: ColumnType<unknown, string, never>;
  draft: boolean;
  started_by: string;
  actor: string;
  at: Timestamp;
}

/** The last beat of each kind of job worker (migration 0011). */
export interface WorkerHeartbeatsTable {
  worker: string;
  beat_at: Timestamp;
}

type Json = ColumnType<unknown, string, string>;

export interface SourcesTable {
  id: string;
  project_id: string;
  kind: string;
  name: string;
  slug: string;
  repository: string | null;
  path: string | null;
  account_id: string | null;
  region: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ScanState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface ScansTable {
  id: string;
  project_id: string;
  workspace_id: string;
  source_id: string | null;
  host: string | null;
  state: ScanState;
  request: Json;
  limits: Json;
  commit_sha: string | null;
  is_complete: boolean | null;
  extraction_gap: string | null;
  files_listed: Generated<number>;
  files_read: Generated<number>;
  bytes_read: ColumnType<string, number | string | undefined, number | string>;
  skipped: ColumnType<unknown, string | undefined, string>;
  /** ScanDiagnostics as JSON; null when the scan read no files or a push sent none. */
  diagnostics: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  attempts: Generated<number>;
  requested_by: string;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
}

export interface ScanFactsTable {
  scan_id: string;
  key: string;
  kind: string;
  fact: Json;
}

export interface ScanFilesTable {
  scan_id: string;
  path: string;
  blob_sha: string | null;
  size: ColumnType<string | null, number | null, number | null>;
  skipped_reason: string | null;
  content: string | null;
}

export type ProposalAction = 'add' | 'change' | 'remove';
export type ProposalStatus = 'pending' | 'accepted' | 'rejected' | 'superseded';

export interface ProposalsTable {
  id: string;
  scan_id: string;
  project_id: string;
  fact_key: string;
  action: ProposalAction;
  entity_kind: string;
  entity_id: string | null;
  proposed: ColumnType<unknown, string | null, string | null>;
  current: ColumnType<unknown, string | null, string | null>;
  status: ProposalStatus;
  decided_by: string | null;
  decided_at: Timestamp | null;
}

export interface FactBindingsTable {
  source_id: string;
  fact_key: string;
  project_id: string;
  entity_kind: string;
  entity_id: string;
}

export interface SnapshotsTable {
  id: string;
  source_id: string;
  scan_id: string;
  commit_sha: string | null;
  is_complete: boolean;
  facts: Json;
  created_at: Timestamp;
}

export interface SourceFilesTable {
  source_id: string;
  path: string;
  content: string;
  updated_by: string;
  updated_at: Timestamp;
}

export interface ScanArchivesTable {
  scan_id: string;
  format: 'zip' | 'tar.gz' | 'tar';
  content: Buffer;
}

/** numeric columns: node-pg reads them as decimal strings (exact); writes take a decimal string. */
type Decimal = string;
/** date columns: read back as `YYYY-MM-DD` text (lib/platform/db sets the parser), written as that text. */
type DateText = string;

export interface PriceEntriesTable {
  id: string;
  workspace_id: string;
  source: 'custom' | 'csv' | 'azure' | 'aws' | 'gcp';
  provider: string;
  region: string | null;
  sku: string;
  description: string | null;
  unit: string;
  unit_price: Decimal;
  currency: string;
  effective_date: DateText;
  catalog_ref: string | null;
  /** The catalog's figure when it had more than 12 places and unit_price is it rounded (migration 0026). */
  rounded_from: string | null;
  created_by: string;
  created_at: Timestamp;
}

export interface CostSheetsTable {
  stream_id: string;
  project_id: string;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface CostResourcesTable {
  stream_id: string;
  id: string;
  position: number;
  element_id: string;
  name: string;
  category: string;
  provider: string;
  region: string | null;
  sku: string | null;
  quantity: Decimal | null;
  unit: string | null;
  price_ref: string | null;
  usage: ColumnType<unknown, string | null, string | null>;
  fact_status: string | null;
  provenance: ColumnType<unknown, string | null, string | null>;
}

export interface CostAssumptionsTable {
  stream_id: string;
  id: string;
  position: number;
  name: string;
  kind: string;
  subject_id: string | null;
  value: string | null;
  unit: string;
  label: string;
  source: string | null;
  effective_date: DateText;
}

export interface SavedEstimatesTable {
  id: string;
  project_id: string;
  stream_id: string | null;
  line: string;
  name: string | null;
  as_of: DateText;
  estimate: ColumnType<unknown, string, string>;
  created_by: string;
  created_at: Timestamp;
}

/** A load-test target (migration 0019): an operation, or a call step of a scenario. */
export interface LoadTestTargetsTable {
  id: string;
  project_id: string;
  kind: 'operation' | 'scenario-step';
  /** The operation, or the scenario, the target names. */
  subject_id: string;
  step_id: string | null;
  name: string;
  base_url: string | null;
  environment: string | null;
  /** The main model version the authorisation was given against; null: not authorised. */
  authorised_version: ColumnType<string | null, number | null, number | null>;
  authorised_by: string | null;
  authorised_at: Timestamp | null;
  allow_non_idempotent: Generated<boolean>;
  allow_failure_injection: Generated<boolean>;
  override_reason: string | null;
  override_by: string | null;
  override_at: Timestamp | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StressProfileShape = 'ramp' | 'steady' | 'spike' | 'soak';

export interface StressProfilesTable {
  id: string;
  project_id: string;
  name: string;
  shape: StressProfileShape;
  seed: number;
  duration_seconds: number;
  warm_up_seconds: number;
  arrival_rate_per_second: number;
  peak_rate_per_second: number;
  virtual_users: number;
  created_by: string;
  created_at: Timestamp;
}

export interface LoadTestScriptsTable {
  id: string;
  project_id: string;
  target_id: string;
  profile_id: string;
  branch_id: string | null;
  model_version: ColumnType<string, number, number>;
  operation_id: string;
  /** The authorisation the script was written for. */
  base_url: string;
  environment: string | null;
  content_hash: string;
  file_name: string;
  content: string;
  created_by: string;
  created_at: Timestamp;
}

/** A stress run marked running until `finished_at` is set or `expires_at` passes. */
export interface StressRunsTable {
  id: string;
  project_id: string;
  workspace_id: string;
  script_id: string;
  started_by: string;
  started_at: Timestamp;
  expires_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface LoadTestResultsTable {
  id: string;
  project_id: string;
  target_id: string;
  script_id: string;
  stress_run_id: string | null;
  format: string;
  tool: string;
  run_at: Timestamp;
  environment: string | null;
  measurements: Json;
  /** The body as read, as JSON text. */
  raw: string;
  created_by: string;
  created_at: Timestamp;
}

/** One attempt to use an AI provider (migration 0020): never prompt text. */
export interface AiCallsTable {
  id: string;
  workspace_id: string;
  /** Cleared when the project is deleted; the spend stays. */
  project_id: string | null;
  task: string;
  provider_id: string;
  provider_kind: string;
  model: string;
  outcome: 'answered' | 'unavailable' | 'rate-limited';
  /** The unavailable reason (lib/features/ai/ai-task.ts), null otherwise. */
  reason: string | null;
  input_tokens: number;
  output_tokens: number;
  /** True when the provider reported no usage and the tokens were estimated from the text. */
  usage_estimated: boolean;
  /** Exact decimal text: pg returns numeric as a string. */
  cost_usd: ColumnType<string, string, string>;
  duration_ms: number;
  streamed: boolean;
  actor: string;
  at: Timestamp;
}

/** A comment thread on one target of a project (migration 0022; docs/comments.md). */
export interface CommentThreadsTable {
  /** List order, newest first. */
  seq: ColumnType<string, never, never>;
  id: string;
  project_id: string;
  /** The draft the thread is in; null: main. */
  draft_id: string | null;
  target_kind: string;
  target_id: string;
  status: 'open' | 'resolved';
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
}

/** One comment of a thread; a deleted one is a tombstone (`body` null). */
export interface CommentsTable {
  id: string;
  thread_id: string;
  position: number;
  body: string | null;
  /** User IDs of the people mentioned. */
  mentions: ColumnType<string[], string[] | undefined, string[]>;
  author_user_id: string;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
}

export interface CommentQuestionsTable {
  id: string;
  thread_id: string;
  raised_by: string;
  raised_at: Timestamp;
}

/** Append-only (a trigger refuses changes but setting `superseded_by` once). */
export interface CommentDecisionsTable {
  seq: ColumnType<string, never, never>;
  id: string;
  project_id: string;
  thread_id: string;
  draft_id: string | null;
  target_kind: string;
  target_id: string;
  title: string;
  decision: string;
  decided_by: string;
  decided_at: Timestamp;
  supersedes: string | null;
  superseded_by: string | null;
}

export type WebhookEventStatus = 'pending' | 'delivered' | 'failed' | 'not-sent';
export type WebhookAttemptOutcome = 'delivered' | 'http-status' | 'timeout' | 'network-error' | 'no-url' | 'url-refused' | 'no-secret';

/** A comment event and where its delivery stands (docs/webhooks.md). */
export interface WebhookEventsTable {
  id: string;
  seq: ColumnType<string, never, never>;
  workspace_id: string;
  project_id: string;
  type: string;
  /** The exact body sent, JSON text. */
  payload: string;
  occurred_at: Timestamp;
  queued_at: TimestampWithDefault;
  status: ColumnType<WebhookEventStatus, WebhookEventStatus | undefined, WebhookEventStatus>;
  attempts: Generated<number>;
  next_try_at: Timestamp | null;
  lease_until: Timestamp | null;
  finished_at: Timestamp | null;
}

/** One try to deliver a webhook event. */
export interface WebhookDeliveryAttemptsTable {
  event_id: string;
  attempt: number;
  started_at: Timestamp;
  duration_ms: number;
  target_origin: string | null;
  outcome: WebhookAttemptOutcome;
  status_code: number | null;
  error: string | null;
}

/** AI design proposals, flow and architecture (migrations/0021-ai-proposals.ts). */
export interface AiProposalsTable {
  id: string;
  project_id: string;
  kind: 'flow' | 'architecture';
  status: 'open' | 'accepted' | 'rejected';
  request: string | null;
  submitted: boolean;
  branch_id: string | null;
  model_version: number;
  revise_scenario_id: string | null;
  revise_scenario_hash: string | null;
  selection: ColumnType<unknown, string | null, string | null>;
  document: ColumnType<unknown, string | null, string | null>;
  provider_id: string | null;
  provider_kind: string | null;
  model: string | null;
  call_id: string | null;
  content: Json;
  scenario_id: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  decided_by: string | null;
  decided_at: Timestamp | null;
  /** The scan whose facts the proposal groups (migrations/0024); null for any other proposal. */
  scan_id: ColumnType<string | null, string | null | undefined, string | null>;
}
