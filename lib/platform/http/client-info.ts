import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isAddressInRanges, type AddressRange } from '../config/network-address';
import type { ClientInfo } from './api-types';

/**
 * The client address and scheme (part 2 "Proxy trust"): from a sender in
 * `Svc__TrustedProxies`, the last `X-Forwarded-For` entry and
 * `X-Forwarded-Proto` (one hop); from anyone else both headers are ignored.
 */
export function readClientInfo(event: APIGatewayProxyEventV2, trustedProxies: readonly AddressRange[], socketScheme: 'http' | 'https'): ClientInfo {
  const peer = event.requestContext.http.sourceIp;
  if (!isAddressInRanges(peer, trustedProxies)) return { address: peer, scheme: socketScheme };
  const forwardedFor = event.headers['x-forwarded-for'];
  const lastHop = forwardedFor?.split(',').map((s) => s.trim()).filter((s) => s !== '').at(-1);
  const forwardedProto = event.headers['x-forwarded-proto']?.split(',').at(-1)?.trim().toLowerCase();
  return {
    // An entry that is not an address (a proxy bug or a forgery) is ignored.
    address: lastHop !== undefined && isIP(lastHop) !== 0 ? lastHop : peer,
    scheme: forwardedProto === 'https' ? 'https' : forwardedProto === 'http' ? 'http' : socketScheme,
  };
}
