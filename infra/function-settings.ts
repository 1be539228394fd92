/**
 * What every function of the deployment runs with, written once for the root
 * template (worker, migration step) and the route stacks (one function per
 * route stack, serving its routes): runtime, size, network and the hosted
 * environment (part 2 "Environment"). Both name the root's parameters by the
 * same names; only the connection string differs, the root working it out and
 * passing the result.
 */

export const lambdaRuntime = 'nodejs22.x';
/** Largest request payload of a synchronous Lambda invocation (API Gateway allows 10 MB). */
export const lambdaPayloadLimitBytes = 6 * 1024 * 1024;
/** The most a function may run; the worker and the migration step get all of it. */
export const lambdaTimeoutLimitSeconds = 900;

/** The environment every function gets, with `connection` as its connection string. */
export function functionEnvironment(connection: unknown): Record<string, unknown> {
  return {
    Svc__Profile: 'hosted',
    ConnectionStrings__DefaultConnection: connection,
    // Read where the pool is opened (lib/platform/runtime/service-runtime.ts).
    Database__MaxPoolSize: { Ref: 'DatabasePoolSize' },
    Svc__MasterKey: { Ref: 'MasterKey' },
    // The service reads an empty value as unset.
    Svc__PreviousMasterKey: { Ref: 'PreviousMasterKey' },
    Svc__SetupToken: { Ref: 'SetupToken' },
    AllowedHosts: { Ref: 'AllowedHosts' },
    Svc__PublicUrl: { Ref: 'PublicUrl' },
    OTEL_EXPORTER_OTLP_ENDPOINT: { Ref: 'OtlpEndpoint' },
    LOG_LEVEL: { Ref: 'LogLevel' },
    // Migrations are applied by the deploy step (MigrateFunction or `svc migrate`), never by a request.
    Database__MigrateOnStartup: 'false',
    // The bundles ship their source maps beside them.
    NODE_OPTIONS: '--enable-source-maps',
  };
}

/** `Globals.Function` of a template whose functions connect with `connection`. */
export function functionGlobals(connection: unknown): Record<string, unknown> {
  return {
    Runtime: lambdaRuntime,
    Architectures: [{ Ref: 'Architecture' }],
    MemorySize: 512,
    // An HTTP API waits at most 30 s for its integration.
    Timeout: 29,
    VpcConfig: {
      'Fn::If': ['InVpc', { SubnetIds: { Ref: 'SubnetIds' }, SecurityGroupIds: { Ref: 'SecurityGroupIds' } }, { Ref: 'AWS::NoValue' }],
    },
    Environment: { Variables: functionEnvironment(connection) },
  };
}

/** The names `value` refers to with `Ref`, pseudo parameters (`AWS::…`) left out, in order of first use. */
export function referencedNames(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      for (const [key, inner] of Object.entries(node)) {
        if (key === 'Ref' && typeof inner === 'string' && !inner.startsWith('AWS::')) names.add(inner);
        else visit(inner);
      }
    }
  };
  visit(value);
  return [...names];
}
