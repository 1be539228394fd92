/**
 * A stand-in for the push endpoints of the service (part 2 "Sources": `GET
 * P/sources/push`, `POST P/sources/push`) on 127.0.0.1, answering as the
 * contract says: bearer token checked, push settings with the rules version
 * and the workspace limits, 201 with the IDs. A test changes what it answers
 * (another rules version, a refusal, silence) and reads what it received.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractionRulesVersion, factFormatVersion } from '../../lib/core/extract/rules-version';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface CannedAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakePushServer {
  url: string;
  projectId: string;
  token: string;
  received: ReceivedRequest[];
  /** What GET answers; default: this release's rules, the built-in limits, 24,000,000 bytes. */
  settings: { status: number; body: unknown };
  /** Answers of the next POSTs, in order; when none is left, 201 with new IDs. */
  pushAnswers: CannedAnswer[];
  /** When true, requests get no answer at all. */
  silent: boolean;
  close(): Promise<void>;
}

export const defaultPushSettings = {
  rulesVersion: extractionRulesVersion,
  factFormatVersion,
  limits: { maxFiles: 2000, maxFileBytes: 262_144, maxTotalBytes: 20_971_520, excludeGlobs: ['**/node_modules/**', '**/*.min.*'] },
  maxBodyBytes: 25_165_824,
};

export function problem(status: number, type: string, title: string, detail: string | null = null, errors: { field: string; message: string }[] = []) {
  return { status, body: { type, title, detail, status, errors } };
}

export async function startFakePushServer(): Promise<FakePushServer> {
  const projectId = randomUUID();
  const token = `svc_at_${randomUUID().replaceAll('-', '')}`;
  const endpoint = `/api/projects/${projectId}/sources/push`;
  const sockets = new Set<import('node:net').Socket>();
  const state: Omit<FakePushServer, 'url' | 'close'> = {
    projectId,
    token,
    received: [],
    settings: { status: 200, body: defaultPushSettings },
    pushAnswers: [],
    silent: false,
  };
  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (state.silent) return;
      if (req.url !== endpoint) return answer(res, 404, problem(404, 'not_found', 'Not found').body);
      if (req.headers.authorization !== `Bearer ${token}`) return answer(res, 401, problem(401, 'unauthorized', 'Sign-in required').body);
      if (req.method === 'GET') return answer(res, state.settings.status, state.settings.body);
      if (req.method !== 'POST') return answer(res, 405, problem(405, 'method_not_allowed', 'Method not allowed').body);
      const canned = state.pushAnswers.shift();
      if (canned) return answer(res, canned.status, canned.body, canned.headers);
      return answer(res, 201, { sourceId: randomUUID(), scanId: randomUUID(), snapshotId: randomUUID(), proposals: { add: 3, change: 0, remove: 0 } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => r());
      }),
  }) as FakePushServer;
}
