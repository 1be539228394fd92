import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * The Lambda event of API Gateway (HTTP API, payload 2.0). The local shim adds
 * the scheme of its own socket; behind API Gateway the client always came over
 * HTTPS, so a missing value means https.
 */
export type ServiceEvent = APIGatewayProxyEventV2 & { svcSocketScheme?: 'http' | 'https' };

export type ServiceResult = APIGatewayProxyStructuredResultV2;
