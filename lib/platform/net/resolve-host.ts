import { lookup } from 'node:dns/promises';

/** Every address a host name resolves to; injectable so tests decide what a name means. */
export type ResolveHost = (host: string) => Promise<string[]>;

/** A name that does not answer in time counts as not resolving. */
const resolveTimeoutMs = 5000;

/** The system resolver (getaddrinfo, /etc/hosts included), every address of both families. */
export const systemResolveHost: ResolveHost = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took over ${resolveTimeoutMs} ms`)), resolveTimeoutMs);
  });
  try {
    const entries = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return entries.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
};
