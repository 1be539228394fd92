// The baseline of the shim benchmark: a bare node:http server, in its own
// process, that answers GET <path> with a fixed status, raw header list and
// body (given as JSON in BARE_RESPONSE) and 404 to anything else. It prints
// "bare listening on http://…" when ready and exits on SIGTERM.
import { createServer } from 'node:http';

const { path, status, rawHeaders, body } = JSON.parse(process.env.BARE_RESPONSE ?? '{}');
const payload = Buffer.from(body, 'utf8');

// Same keep-alive timeout as the shim's server.
const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  if (req.method === 'GET' && req.url === path) {
    res.writeHead(status, rawHeaders);
    res.end(payload);
  } else {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`bare listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
