/**
 * An app from a Maven project: `artifactId`, `name` and `description` of the
 * project itself (not of its parent), and the framework among its
 * dependencies or parent (Spring Boot, Quarkus, Micronaut). An aggregator
 * (`<packaging>pom</packaging>`) holds modules and is none itself.
 */
import { cleanDescription, cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts, type ProjectTraits } from '../file-facts';
import { isTestProjectName } from '../project-roles';
import type { Evidence } from '../extracted-fact';
import { baseNameOf, folderOf } from '../repository-paths';
import { frameworks, withFramework } from '../technology-catalog';
import { outlineXml, type XmlElement } from '../xml-outline';

function frameworkOf(artifactId: string): string | null {
  const prefix = Object.keys(frameworks.maven).find((candidate) => artifactId.startsWith(candidate));
  return prefix === undefined ? null : frameworks.maven[prefix]!;
}

/** Dependencies that make a project the client or the server of a piece of infrastructure. */
const roleDependencies: Readonly<Record<string, { role: string; side: 'client' | 'server' }>> = Object.freeze({
  'spring-cloud-starter-netflix-eureka-client': { role: 'Eureka', side: 'client' },
  'spring-cloud-starter-netflix-eureka-server': { role: 'Eureka', side: 'server' },
  'spring-cloud-starter-consul-discovery': { role: 'Consul', side: 'client' },
  'spring-cloud-starter-config': { role: 'Spring Cloud Config', side: 'client' },
  'spring-cloud-config-server': { role: 'Spring Cloud Config', side: 'server' },
  'spring-boot-admin-starter-client': { role: 'Spring Boot Admin', side: 'client' },
  'spring-boot-admin-starter-server': { role: 'Spring Boot Admin', side: 'server' },
});

/** Build plugins that make a runnable application. */
const runnablePlugins: readonly string[] = ['spring-boot-maven-plugin', 'quarkus-maven-plugin', 'micronaut-maven-plugin', 'maven-shade-plugin', 'jib-maven-plugin', 'exec-maven-plugin'];

function extract(path: string, text: string): FileFacts {
  const outline = outlineXml(text);
  if (outline === null) return noFileFacts;
  const only = (elementPath: string): XmlElement | undefined => outline.find((element) => element.path === elementPath);
  const aggregator = only('project/packaging')?.text === 'pom';
  const artifact = only('project/artifactId');
  const name = cleanName(artifact?.text);
  if (artifact === undefined || name === null) return noFileFacts;
  const evidence: Evidence[] = [{ path, startLine: artifact.line, endLine: artifact.line }];
  const descriptionElement = only('project/description');
  const description = cleanDescription(descriptionElement?.text);
  if (description !== null && descriptionElement) evidence.push({ path, startLine: descriptionElement.line, endLine: descriptionElement.line });
  let framework: string | null = null;
  for (const element of outline) {
    if (element.path !== 'project/parent/artifactId' && element.path !== 'project/dependencies/dependency/artifactId') continue;
    framework = frameworkOf(element.text);
    if (framework !== null) {
      evidence.push({ path, startLine: element.line, endLine: element.line });
      break;
    }
  }
  evidence.sort((a, b) => a.startLine - b.startLine);
  const plugins = outline.filter((element) => element.path === 'project/build/plugins/plugin/artifactId').map((element) => element.text.trim());
  const runnable = !aggregator && (framework !== null || plugins.some((plugin) => runnablePlugins.includes(plugin)) || only('project/packaging')?.text === 'war');
  const roles = outline
    .filter((element) => element.path === 'project/dependencies/dependency/artifactId' && Object.hasOwn(roleDependencies, element.text.trim()))
    .map((element) => ({ ...roleDependencies[element.text.trim()]!, evidence: { path, startLine: element.line, endLine: element.line } }));
  const project: ProjectTraits = { projectNames: [name], test: isTestProjectName(name), library: !aggregator && !runnable, runnable, workspaceRoot: aggregator, ...(roles.length > 0 ? { roles } : {}) };
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn(evidence),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
        project,
        name,
        description,
        technology: withFramework('Java', framework),
      },
    ],
    hints: [],
  };
}

export const mavenPomExtractor: Extractor = {
  name: 'maven-pom',
  version: 3,
  mayRead: (path) => baseNameOf(path) === 'pom.xml',
  extract,
  tables: { runtime: 'Java', frameworks: frameworks.maven, runnablePlugins, roleDependencies },
};
