/**
 * `npm run infra:template`: writes infra/template.yaml and infra/stacks/*.yaml
 * from the route list, and deletes any route stack file the table no longer
 * gives. Node 20 cannot run TypeScript, so the script bundles this file with
 * esbuild first (dependencies stay external) and runs the bundle.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { serviceRoutes as routes } from '../functions/routes';
import { lambdaPayloadLimitBytes } from './function-settings';
import { httpApiIntegrationLimit, httpApiRouteQuota, renderDeployment, routesOverPayloadLimit } from './generate-template';
import { routeStackFolder, templateFolder } from './route-stack';

const infra = resolve(process.argv[2] ?? templateFolder);
const stacksFolder = join(infra, relative(templateFolder, routeStackFolder));
const files = renderDeployment(routes);

await mkdir(stacksFolder, { recursive: true });
for (const [path, text] of files) {
  await mkdir(dirname(join(infra, path)), { recursive: true });
  await writeFile(join(infra, path), text);
}
for (const name of await readdir(stacksFolder)) {
  const path = relative(infra, join(stacksFolder, name)).split('\\').join('/');
  if (name.endsWith('.yaml') && !files.has(path)) {
    await rm(join(stacksFolder, name));
    process.stdout.write(`deleted ${join(stacksFolder, name)} (no route stack of the table)\n`);
  }
}
const stacks = files.size - 1;
process.stdout.write(
  `wrote ${infra}/template.yaml and ${stacks} route stack(s) in ${stacksFolder}: ${routes.length} route(s) on the HTTP API, ${stacks} function(s) and integration(s)\n`,
);

for (const route of routesOverPayloadLimit(routes)) {
  process.stderr.write(
    `warning: ${route.method} ${route.path} accepts ${route.bodyLimitBytes} bytes; a function receives at most ${lambdaPayloadLimitBytes}: larger bodies fail before the handler runs.\n`,
  );
}
if (routes.length > httpApiRouteQuota) {
  process.stderr.write(
    `warning: ${routes.length} routes on the one HTTP API; API Gateway allows ${httpApiRouteQuota} unless the API's "Routes per API" quota is raised: have it raised before deploying, then raise httpApiRouteQuota (docs/deploy.md "Limits of this form").\n`,
  );
}
if (stacks > httpApiIntegrationLimit) {
  process.stderr.write(
    `warning: ${stacks} route stacks need ${stacks} integrations on the one HTTP API; API Gateway allows ${httpApiIntegrationLimit} and does not raise it: the deploy will fail (docs/deploy.md "Limits of this form").\n`,
  );
}
