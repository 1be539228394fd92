import { createOutboundFetch, operatorConfiguredGuard } from '../../lib/platform/net/outbound-fetch';

/**
 * The outbound client with every address allowed, as an instance allowing private network URLs
 * has it: for client tests against fake hosts on the loopback address.
 */
export const openOutboundFetch = createOutboundFetch({ guard: operatorConfiguredGuard });
