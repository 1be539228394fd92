import { describe, expect, it } from 'vitest';
import { combineFacts } from '../combine-facts';
import type { FileFacts, Hint } from '../file-facts';
import type { HelmChartPartHint } from '../file-facts';
import { helmChartHints } from '../helm-charts';
import { aspireAppHostExtractor } from './aspire-app-host';
import { kubernetesManifestsExtractor } from './kubernetes-manifests';
import { ciImageBuildsExtractor } from './ci-image-builds';
import { cloudformationFunctionsExtractor } from './cloudformation-functions';
import { helmChartExtractor } from './helm-chart';
import { procfileExtractor } from './procfile';
import { serverlessFrameworkExtractor } from './serverless-framework';
import { skaffoldExtractor } from './skaffold';

function hintsOf<K extends Hint['hint']>(found: FileFacts, kind: K): Extract<Hint, { hint: K }>[] {
  return found.hints.filter((hint): hint is Extract<Hint, { hint: K }> => hint.hint === kind);
}

describe('Aspire AppHost', () => {
  const path = 'src/Shop.AppHost/AppHost.cs';
  const appHost = (body: string) => `var builder = DistributedApplication.CreateBuilder(args);\n${body}\nbuilder.Build().Run();\n`;

  it('deploys containers, Dockerfiles and folder apps by resource name, with their folders and images', () => {
    const found = aspireAppHostExtractor.extract(
      path,
      appHost(`var search = builder.AddContainer("search", "docker.io/opensearchproject/opensearch", "2.13");
var mailer = builder.AddContainer("mailer", "ghcr.io/acme/mailer:1.2");
var pricing = builder.AddDockerfile("pricing", "../../services/pricing", "Dockerfile.api");
var web = builder.AddNpmApp("web", "../../frontend/web", "dev")
    .WithReference(pricing);
builder.AddProject("legacy", @"..\\..\\legacy\\Legacy.Api\\Legacy.Api.csproj");`),
    );
    expect(found.facts.map((draft) => (draft.draft === 'element' ? [draft.name, draft.kind, draft.technology] : null))).toEqual([
      ['search', 'store', 'OpenSearch'],
      ['mailer', 'app', null],
      ['pricing', 'app', null],
      ['web', 'app', 'Node.js'],
      ['legacy', 'app', null],
    ]);
    expect(hintsOf(found, 'deployment').map((hint) => [hint.ref.name, hint.buildFolder, hint.dockerfile, hint.projectNames, hint.images])).toEqual([
      ['mailer', null, null, [], ['acme/mailer']],
      ['pricing', 'services/pricing', 'services/pricing/Dockerfile.api', [], []],
      ['web', 'frontend/web', null, [], []],
      ['legacy', 'legacy/Legacy.Api', null, ['Legacy.Api'], []],
    ]);
    expect(hintsOf(found, 'connection')).toEqual([
      { hint: 'connection', from: { by: 'name', kind: 'app', name: 'web' }, host: 'pricing', via: 'reference', variable: null, scheme: null, evidence: [{ path, startLine: 6, endLine: 6 }] },
    ]);
  });

  it('makes a child resource another host of its server, and WaitFor alone start order', () => {
    const found = aspireAppHostExtractor.extract(
      path,
      appHost(`var sql = builder.AddSqlServer("sql").AddDatabase("ordering-db");
var bus = builder.AddRabbitMQ("eventbus");
builder.AddProject<Projects.Ordering_API>("ordering-api").WithReference(sql).WaitFor(bus);`),
    );
    expect(hintsOf(found, 'host-alias')).toMatchObject([{ host: 'ordering-db', ref: { by: 'name', kind: 'store', name: 'sql' } }]);
    expect(hintsOf(found, 'connection').map((hint) => [hint.host, hint.via])).toEqual([
      ['ordering-db', 'reference'],
      ['eventbus', 'depends-on'],
    ]);
  });

  it('connects a resource to the address another one gives it by setting, never to its own', () => {
    const found = aspireAppHostExtractor.extract(
      path,
      appHost(`var identity = builder.AddProject<Projects.Identity_API>("identity-api");
var identityUrl = identity.GetEndpoint("https");
IResourceBuilder<ProjectResource> web;
web = builder.AddProject<Projects.WebApp>("webapp")
    .WithEnvironment("IdentityUrl", identityUrl);
web.WithEnvironment("CallBackUrl", web.GetEndpoint("https"));
identity.WithEnvironment("WebAppClient", web.GetEndpoint("http"));`),
    );
    expect(hintsOf(found, 'connection').map((hint) => [hint.from.by === 'name' ? hint.from.name : null, hint.host, hint.via, hint.variable])).toEqual([
      ['webapp', 'identity-api', 'reference', 'IdentityUrl'],
      ['identity-api', 'webapp', 'reference', 'WebAppClient'],
    ]);
  });

  it('ignores comments, unknown variables and files that build no application, and notes unmapped resources', () => {
    const found = aspireAppHostExtractor.extract(
      path,
      appHost(`// var old = builder.AddRedis("old-cache");
/* builder.AddProject<Projects.Gone>("gone"); */
builder.AddAzureOpenAI("openai");
builder.AddProject<Projects.Api>("api").WithReference(unknownThing);`),
    );
    expect(found.facts.map((draft) => (draft.draft === 'element' ? draft.name : null))).toEqual(['api']);
    expect(hintsOf(found, 'connection')).toEqual([]);
    expect(found.notes).toEqual(['AddAzureOpenAI is not mapped']);
    expect(aspireAppHostExtractor.mayRead('src/Shop.AppHost/Extensions.cs')).toBe(true);
    expect(aspireAppHostExtractor.mayRead('src/Catalog.API/Services/CatalogService.cs')).toBe(false);
    expect(aspireAppHostExtractor.extract('src/Api/Program.cs', 'var builder = WebApplication.CreateBuilder(args);\nbuilder.AddRedis("x");')).toEqual({ facts: [], hints: [] });
  });
});

describe('skaffold', () => {
  it('joins each artifact context to the skaffold file folder, and reads nothing from other YAML', () => {
    const text = `apiVersion: skaffold/v2beta29
kind: Config
build:
  artifacts:
    - image: frontend
      context: ../src/frontend
    - image: "{{.IMAGE_REPO}}/x"
    - image: gcr.io/acme/checkout
`;
    const found = skaffoldExtractor.extract('deploy/skaffold.yaml', text);
    expect(found.hints.map((hint) => (hint.hint === 'image-build' ? [hint.image, hint.folder, hint.dockerfile] : null))).toEqual([
      ['frontend', 'src/frontend', null],
      ['acme/checkout', 'deploy', null],
    ]);
    expect(skaffoldExtractor.extract('deploy/skaffold.yaml', text.replace('skaffold/v2beta29', 'apps/v1'))).toEqual({ facts: [], hints: [] });
    expect(skaffoldExtractor.mayRead('skaffold-dev.yaml')).toBe(true);
    expect(skaffoldExtractor.mayRead('deploy/values.yaml')).toBe(false);
  });
});

describe('Helm charts', () => {
  const parts = (files: Record<string, string>): HelmChartPartHint[] =>
    Object.entries(files).flatMap(([path, text]) => helmChartExtractor.extract(path, text).hints as HelmChartPartHint[]);

  it('deploys a chart by its name with the images of its values, a store chart as a store', () => {
    const hints = helmChartHints(
      parts({
        'deploy/cache/Chart.yaml': 'apiVersion: v2\nname: session-cache\nversion: 1.0.0\n',
        'deploy/cache/values.yaml': 'image: redis:7.2-alpine\n',
        'deploy/api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 1.0.0\ndependencies:\n  - name: redis\n    repository: oci://charts\n',
        'deploy/api/values-prod.yaml': 'image:\n  registry: ghcr.io\n  repository: acme/api\nextraEnv:\n  REDIS_HOST: session-cache\n',
      }),
    );
    expect(hints.map((hint) => (hint.hint === 'deployment' ? [hint.ref, hint.via, hint.images] : [hint.hint]))).toEqual([
      [{ by: 'name', kind: 'app', name: 'api' }, 'helm', ['acme/api']],
      ['setting'],
      [{ by: 'name', kind: 'store', name: 'session-cache' }, 'helm', ['redis']],
    ]);
    expect(hints[1]).toMatchObject({ from: { name: 'api' }, variable: 'REDIS_HOST', value: 'session-cache' });
  });

  it('joins a chart and its values before the combination, so a chart setting reaches the host it names', () => {
    const files = {
      'charts/orders/Chart.yaml': 'apiVersion: v2\nname: orders\n',
      'charts/orders/values.yaml': 'image:\n  repository: acme/orders\nenv:\n  - name: PAYMENTS_URL\n    value: http://payments:8080\n',
      'k8s/payments.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: payments\nspec:\n  template:\n    spec:\n      containers:\n        - name: payments\n          image: acme/payments\n',
      'k8s/orders.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: orders\nspec:\n  template:\n    spec:\n      containers:\n        - name: orders\n          image: acme/orders\n',
    };
    const found = Object.entries(files).flatMap(([path, text]) => [helmChartExtractor, kubernetesManifestsExtractor].filter((rule) => rule.mayRead(path)).map((rule) => rule.extract(path, text)));
    const relationships = combineFacts(found).filter((fact) => fact.entityKind === 'relationship');
    expect(relationships).toMatchObject([{ label: 'PAYMENTS_URL', evidence: [{ path: 'charts/orders/values.yaml', startLine: 4, endLine: 5 }] }]);
  });

  it('deploys nothing for an umbrella chart, a library chart or values without a chart, and never reads templates', () => {
    const hints = helmChartHints(
      parts({
        'charts/all/Chart.yaml': 'apiVersion: v2\nname: all\ndependencies:\n  - name: orders\n',
        'charts/all/values.yaml': 'orders:\n  image:\n    repository: acme/orders\n',
        'charts/common/Chart.yaml': 'apiVersion: v2\nname: common\ntype: library\n',
        'config/values.yaml': 'image: acme/tool\n',
      }),
    );
    expect(hints).toEqual([]);
    expect(helmChartExtractor.mayRead('charts/all/templates/values.yaml')).toBe(false);
    expect(helmChartExtractor.mayRead('charts/all/templates/deployment.yaml')).toBe(false);
  });
});

describe('Procfile', () => {
  it('makes the folder app deployed, unnamed, with the process lines as evidence', () => {
    const found = procfileExtractor.extract('services/billing/Procfile', '# processes\nweb: gunicorn billing.wsgi\nworker: celery -A billing worker\n');
    expect(found.facts).toEqual([
      {
        draft: 'element',
        factStatus: 'observed-in-source',
        confidence: null,
        evidence: [
          { path: 'services/billing/Procfile', startLine: 2, endLine: 2 },
          { path: 'services/billing/Procfile', startLine: 3, endLine: 3 },
        ],
        ref: { by: 'folder', folder: 'services/billing' },
        kind: 'app',
        origin: 'procfile',
        name: null,
        description: null,
        technology: null,
      },
    ]);
  });

  it('reads nothing from a file that is not all processes, and no Procfile.dev', () => {
    expect(procfileExtractor.extract('Procfile', 'web: npm start\nthis is prose\n').facts).toEqual([]);
    expect(procfileExtractor.extract('Procfile', 'title: notes\n').facts).toEqual([]);
    expect(procfileExtractor.mayRead('Procfile.dev')).toBe(false);
  });
});

describe('serverless functions', () => {
  it('deploys a Serverless Framework service from its folder', () => {
    const found = serverlessFrameworkExtractor.extract(
      'services/thumbnails/serverless.yml',
      'service: thumbnails\nprovider:\n  name: aws\nfunctions:\n  resize:\n    handler: src/resize.handler\n  cleanup:\n    image: 123.dkr.ecr.eu-west-1.amazonaws.com/thumbs-cleanup:latest\n',
    );
    expect(hintsOf(found, 'deployment')).toMatchObject([
      { ref: { by: 'name', kind: 'app', name: 'thumbnails' }, via: 'serverless', buildFolder: 'services/thumbnails', images: ['thumbs-cleanup'], evidence: [{ startLine: 1 }, { startLine: 5, endLine: 6 }, { startLine: 7, endLine: 8 }] },
    ]);
    expect(serverlessFrameworkExtractor.extract('serverless.yml', 'service: ${env:NAME}\nfunctions:\n  a:\n    handler: a.h\n')).toEqual({ facts: [], hints: [], notes: ['service name is a variable'] });
  });

  it('deploys SAM and CloudFormation functions from their CodeUri, Globals or Docker context', () => {
    const template = `AWSTemplateFormatVersion: '2010-09-09'
Transform: AWS::Serverless-2016-10-31
Globals:
  Function:
    CodeUri: functions/shared/
Resources:
  OrdersFunction:
    Type: AWS::Serverless::Function
    Properties:
      FunctionName: orders-handler
      CodeUri: functions/orders/
      Handler: app.handler
      Role: !GetAtt OrdersRole.Arn
  AuditFunction:
    Type: AWS::Serverless::Function
    Properties:
      Handler: audit.handler
  ReportFunction:
    Type: AWS::Serverless::Function
    Properties:
      PackageType: Image
    Metadata:
      DockerContext: ./functions/report
      Dockerfile: Dockerfile
  LegacyFunction:
    Type: AWS::Lambda::Function
    Properties:
      Code:
        S3Bucket: builds
  OrdersTable:
    Type: AWS::DynamoDB::Table
`;
    const found = cloudformationFunctionsExtractor.extract('infra/template.yaml', template);
    expect(hintsOf(found, 'deployment').map((hint) => [hint.ref.name, hint.buildFolder, hint.dockerfile, hint.evidence[0]!.startLine])).toEqual([
      ['orders-handler', 'infra/functions/orders', null, 7],
      ['AuditFunction', 'infra/functions/shared', null, 14],
      ['ReportFunction', 'infra/functions/report', 'infra/functions/report/Dockerfile', 18],
      ['LegacyFunction', null, null, 25],
    ]);
    expect(cloudformationFunctionsExtractor.extract('infra/main.yaml', 'Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n')).toEqual({ facts: [], hints: [] });
  });
});

describe('CI image builds', () => {
  it('reads docker build commands and the build-push-action of GitHub workflows', () => {
    const workflow = `name: images
on: push
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: |
          docker build \\
            -f services/orders/Dockerfile \\
            --build-arg VERSION=1 \\
            -t ghcr.io/\${{ github.repository_owner }}/orders:\${{ github.sha }} services/orders
      - id: meta
        uses: docker/metadata-action@v5
        with:
          images: ghcr.io/acme/cart
      - uses: docker/build-push-action@v6
        with:
          context: ./services/cart
          file: ./services/cart/Dockerfile.prod
          tags: \${{ steps.meta.outputs.tags }}
          push: true
  matrix:
    strategy:
      matrix:
        service: [a, b]
    steps:
      - run: docker build -t acme/\${{ matrix.service }} services/\${{ matrix.service }}
`;
    const found = ciImageBuildsExtractor.extract('.github/workflows/images.yml', workflow);
    expect(found.hints).toEqual([
      { hint: 'image-build', image: 'orders', folder: 'services/orders', dockerfile: 'services/orders/Dockerfile', evidence: [{ path: '.github/workflows/images.yml', startLine: 8, endLine: 12 }] },
      { hint: 'image-build', image: 'acme/cart', folder: 'services/cart', dockerfile: 'services/cart/Dockerfile.prod', evidence: [{ path: '.github/workflows/images.yml', startLine: 17, endLine: 22 }] },
    ]);
    expect(found.notes).toEqual(['build context is only known when the pipeline runs (a matrix or variable)']);
  });

  it('reads docker build and kaniko in GitLab CI scripts', () => {
    const pipeline = `stages: [build]
build-api:
  stage: build
  script:
    - docker build -t $CI_REGISTRY_IMAGE/api:$CI_COMMIT_SHA -f api/Dockerfile api
build-web:
  image: gcr.io/kaniko-project/executor:debug
  script:
    - /kaniko/executor --context $CI_PROJECT_DIR/web --dockerfile Dockerfile.web --destination registry.gitlab.com/acme/web:latest
`;
    const found = ciImageBuildsExtractor.extract('.gitlab-ci.yml', pipeline);
    expect(found.hints.map((hint) => (hint.hint === 'image-build' ? [hint.image, hint.folder, hint.dockerfile, hint.evidence[0]!.startLine] : null))).toEqual([
      ['api', 'api', 'api/Dockerfile', 4],
      ['acme/web', 'web', 'web/Dockerfile.web', 8],
    ]);
    expect(ciImageBuildsExtractor.mayRead('.github/workflows/ci.yaml')).toBe(true);
    expect(ciImageBuildsExtractor.mayRead('docs/workflows/ci.yaml')).toBe(false);
  });
});
