/**
 * What the person deploying chooses: the root stack's parameters, the rules
 * CloudFormation checks them by before it changes anything, and the
 * conditions the templates derive from them. The route stacks receive the
 * ones their functions read as parameters of their own (infra/route-stack.ts).
 */

/** The definition of one CloudFormation parameter, as the templates write it. */
export interface ParameterDefinition {
  Type: 'String' | 'Number' | 'CommaDelimitedList';
  NoEcho?: boolean;
  Default?: string | number;
  Description: string;
  [constraint: string]: unknown;
}

export const rootParameters = {
  Architecture: {
    Type: 'String',
    Default: 'arm64',
    AllowedValues: ['arm64', 'x86_64'],
    Description: 'Processor architecture of the functions (the bundles are plain JavaScript: either works).',
  },
  DatabaseConnectionString: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    Description:
      'ConnectionStrings__DefaultConnection when no RDS Proxy is made (DatabaseProxyTarget empty): postgres:// URL or Host=…;Port=…;Database=…;Username=…;Password=… of the database or of a pooler in front of it (PgBouncer, a pooled endpoint). Leave empty with a proxy.',
  },
  DatabaseProxyTarget: {
    Type: 'String',
    Default: '',
    AllowedPattern: '^$|^[a-zA-Z][a-zA-Z0-9-]{0,62}$',
    Description:
      'Identifier of the RDS PostgreSQL instance (or Aurora cluster, see DatabaseProxyTargetKind) to put an RDS Proxy in front of; the functions then connect to the proxy. Empty: no proxy, DatabaseConnectionString is used.',
  },
  DatabaseProxyTargetKind: {
    Type: 'String',
    Default: 'instance',
    AllowedValues: ['instance', 'cluster'],
    Description: 'Whether DatabaseProxyTarget names a DB instance or an Aurora DB cluster.',
  },
  DatabaseName: {
    Type: 'String',
    Default: 'svc',
    AllowedPattern: '^[A-Za-z_][A-Za-z0-9_$]{0,62}$',
    Description: 'With a proxy: the database the service uses.',
  },
  DatabaseUser: {
    Type: 'String',
    Default: 'svc',
    AllowedPattern: '^[A-Za-z_][A-Za-z0-9_$]{0,62}$',
    Description: 'With a proxy: the database role the service signs in as (it owns the tables the migrations make).',
  },
  DatabasePassword: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    AllowedPattern: '^[^;"\\\\]*$',
    ConstraintDescription: 'no ";", double quote or backslash (it goes into a Host=…;Password=… connection string and the proxy secret)',
    Description: 'With a proxy: the password of DatabaseUser; the stack stores it in a Secrets Manager secret the proxy reads.',
  },
  DatabasePoolSize: {
    Type: 'Number',
    Default: 2,
    MinValue: 1,
    MaxValue: 10,
    Description:
      'Database__MaxPoolSize: connections each function instance may open. An instance serves one request at a time; every route has its own function, so many instances run at once: keep this at 1 or 2 and let the proxy (or your pooler) share the database connections.',
  },
  SubnetIds: {
    Type: 'CommaDelimitedList',
    Default: '',
    Description:
      'Private subnets (comma-separated IDs, two or more zones) the functions and the proxy run in; they need a route to the database and, for external sign-in and telemetry, a NAT gateway. Empty: the functions run outside any VPC (a database reachable from the internet, no proxy).',
  },
  SecurityGroupIds: {
    Type: 'CommaDelimitedList',
    Default: '',
    Description:
      'Security groups (comma-separated IDs) of the functions and the proxy: allow TCP 5432 from themselves (functions to proxy) and be allowed by the database on 5432. Needed with SubnetIds.',
  },
  MasterKey: {
    Type: 'String',
    NoEcho: true,
    MinLength: 1,
    Description: 'Svc__MasterKey: base64 of 32 random bytes (`openssl rand -base64 32`). Keep a copy outside the stack: data sealed under a lost key cannot be read.',
  },
  PreviousMasterKey: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    Description: 'Svc__PreviousMasterKey: the old key during a rotation; empty otherwise.',
  },
  SetupToken: {
    Type: 'String',
    NoEcho: true,
    Default: '',
    AllowedPattern: '^$|^.{16,}$',
    ConstraintDescription: 'empty, or at least 16 characters',
    Description: 'Svc__SetupToken: at least 16 characters; needed while no account exists (first-run setup), may be emptied afterwards.',
  },
  AllowedHosts: {
    Type: 'String',
    MinLength: 1,
    Description: 'AllowedHosts: public host names separated by ";" (the custom domain, or the execute-api host name); no wildcard in the hosted profile.',
  },
  PublicUrl: {
    Type: 'String',
    AllowedPattern: '^https?://[^?#@]+$',
    ConstraintDescription: 'an absolute http or https URL without query, fragment or user name',
    Description: 'Svc__PublicUrl: the address people use, e.g. https://design.example.com',
  },
  OtlpEndpoint: {
    Type: 'String',
    Default: '',
    Description: 'OTEL_EXPORTER_OTLP_ENDPOINT: OTLP collector address; empty for no telemetry.',
  },
  LogLevel: {
    Type: 'String',
    Default: 'info',
    AllowedValues: ['debug', 'info', 'warn', 'error'],
    Description: 'LOG_LEVEL of the functions.',
  },
} as const satisfies Record<string, ParameterDefinition>;

/** Conditions of the root template; the route stacks need only InVpc. */
export const rootConditions = {
  InVpc: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SubnetIds' }] }, ''] }] },
  HasSecurityGroups: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SecurityGroupIds' }] }, ''] }] },
  UseDatabaseProxy: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabaseProxyTarget' }, ''] }] },
  DatabaseProxyTargetIsCluster: { 'Fn::Equals': [{ Ref: 'DatabaseProxyTargetKind' }, 'cluster'] },
} as const;

/** Checked by CloudFormation before it changes anything: the parameters that only work together. */
export const rootRules = {
  VpcHasSecurityGroups: {
    RuleCondition: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SubnetIds' }] }, ''] }] },
    Assertions: [
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SecurityGroupIds' }] }, ''] }] },
        AssertDescription: 'With SubnetIds, SecurityGroupIds is required.',
      },
    ],
  },
  DatabaseIsNamed: {
    RuleCondition: { 'Fn::Equals': [{ Ref: 'DatabaseProxyTarget' }, ''] },
    Assertions: [
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabaseConnectionString' }, ''] }] },
        AssertDescription: 'Without DatabaseProxyTarget, DatabaseConnectionString is required.',
      },
    ],
  },
  DatabaseProxyHasWhatItNeeds: {
    RuleCondition: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabaseProxyTarget' }, ''] }] },
    Assertions: [
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'DatabasePassword' }, ''] }] },
        AssertDescription: 'With DatabaseProxyTarget, DatabasePassword is required.',
      },
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SubnetIds' }] }, ''] }] },
        AssertDescription: 'With DatabaseProxyTarget, SubnetIds is required: the proxy lives in the VPC.',
      },
      {
        Assert: { 'Fn::Not': [{ 'Fn::Equals': [{ 'Fn::Join': ['', { Ref: 'SecurityGroupIds' }] }, ''] }] },
        AssertDescription: 'With DatabaseProxyTarget, SecurityGroupIds is required.',
      },
    ],
  },
} as const;

