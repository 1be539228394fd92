import { request } from 'node:http';
import type { Environment } from '../lib/config/service-config';

/**
 * `svc health`: calls /health on 127.0.0.1 at the first port of `PORT`
 * (8080 when unset) and exits 0 on 200 (part 2 "Service commands"). The
 * container health check runs it.
 */
export function runHealthCommand(env: Environment, timeoutMs = 5000): Promise<number> {
  const first = (env.PORT ?? '').split(/[;,]/)[0]?.trim();
  const port = first && /^\d+$/.test(first) ? Number(first) : 8080;
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      process.stdout.write(`${res.statusCode === 200 ? 'healthy' : `unhealthy (${res.statusCode})`}\n`);
      resolve(res.statusCode === 200 ? 0 : 1);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => {
      process.stdout.write(`unhealthy (${error.message})\n`);
      resolve(1);
    });
    req.end();
  });
}
