import { UpstreamError, ValidationError } from '../../../platform/errors/service-error';
import { AwsLookupError } from './aws-price-list';
import { CatalogError } from './catalog-http';
import { GcpLookupError } from './gcp-billing-catalog';

/**
 * A catalog failure as the API answers it (docs/prices.md "Catalog failures"): 502 naming the
 * catalog when it failed; 400 naming the field when it does not know the caller's service,
 * region or service ID. Anything else is rethrown.
 */
export function catalogProblemOf(error: unknown): unknown {
  if (error instanceof CatalogError) return new UpstreamError('bad_gateway', `${error.catalog} failed`, error.message);
  if (error instanceof AwsLookupError) return new ValidationError('Not in the AWS Price List', [{ field: error.field, message: error.message }]);
  if (error instanceof GcpLookupError) return new ValidationError('Not in the Cloud Billing Catalog', [{ field: 'serviceId', message: error.message }]);
  return error;
}

/** Runs catalog calls, answering their failures as the API does. */
export async function withCatalogProblems<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw catalogProblemOf(error);
  }
}
