/**
 * The app of a folder from its Dockerfile: the runtime of the image it runs
 * (`FROM node:20` → Node.js, following `FROM <stage>` to the stage it names,
 * the last stage first) and the ports it exposes. The app takes the name its
 * folder's manifest or compose service gives, else the folder's name.
 */
import { noFileFacts, observedIn, type Extractor, type FileFacts, type Hint } from '../file-facts';
import type { Evidence } from '../extracted-fact';
import { baseNameOf, folderOf } from '../repository-paths';
import { runtimeImages, runtimeTechnologyOfImage } from '../technology-catalog';

interface Instruction {
  keyword: string;
  argument: string;
  startLine: number;
  endLine: number;
}

/** Instructions with their lines; `\` continues a line, `#` starts a comment line. */
function instructionsOf(text: string): Instruction[] {
  const lines = text.split('\n');
  const instructions: Instruction[] = [];
  for (let index = 0; index < lines.length; index++) {
    const first = lines[index]!.trim();
    if (first === '' || first.startsWith('#')) continue;
    const startLine = index + 1;
    let joined = first;
    while (joined.endsWith('\\') && index + 1 < lines.length) {
      index++;
      const next = lines[index]!.trim();
      joined = `${joined.slice(0, -1)} ${next.startsWith('#') ? '' : next}`;
    }
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(joined);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), argument: match[2]!.trim(), startLine, endLine: index + 1 });
  }
  return instructions;
}

interface Stage {
  image: string;
  alias: string | null;
  instruction: Instruction;
}

/** `ENV A=b C="d e"` or the old `ENV A b`: name and value pairs. */
function environmentOf(argument: string): [string, string][] {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(argument)) {
    const old = /^([A-Za-z_][A-Za-z0-9_]*)\s+(.*)$/.exec(argument);
    return old ? [[old[1]!, old[2]!.trim()]] : [];
  }
  return [...argument.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)].map(([, name, value]) => [name!, value!.replace(/^(["'])(.*)\1$/, '$2')]);
}

/**
 * The `ENV` settings of the stages the container runs (the last stage and the
 * stages it is built `FROM`): a service's wiring often lives there
 * (`ENV CART_HOST=cart`), for its code and for the templates it fills in.
 */
function runtimeSettings(path: string, instructions: readonly Instruction[], stages: readonly Stage[], running: ReadonlySet<Stage>): Hint[] {
  const settings: Hint[] = [];
  let stage: Stage | undefined;
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stage = stages.find((candidate) => candidate.instruction === instruction);
    if (instruction.keyword !== 'ENV' || stage === undefined || !running.has(stage)) continue;
    for (const [variable, value] of environmentOf(instruction.argument)) {
      settings.push({ hint: 'setting', from: { by: 'folder', folder: folderOf(path) }, variable, value, envFolder: null, evidence: [{ path, startLine: instruction.startLine, endLine: instruction.endLine }] });
    }
  }
  return settings;
}

function extract(path: string, text: string): FileFacts {
  const instructions = instructionsOf(text);
  const stages: Stage[] = [];
  const ports: Instruction[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.argument.split(/\s+/).filter((word) => !word.startsWith('--'));
      if (words[0] === undefined) continue;
      const alias = words[1]?.toUpperCase() === 'AS' && words[2] ? words[2].toLowerCase() : null;
      stages.push({ image: words[0], alias, instruction });
    } else if (instruction.keyword === 'EXPOSE' && /\d/.test(instruction.argument)) {
      ports.push(instruction);
    }
  }
  if (stages.length === 0) return noFileFacts;
  // The last stage is what runs; a stage built `FROM builder` runs what `builder` was built from.
  let technology: string | null = null;
  const evidence: Evidence[] = [];
  const visited = new Set<Stage>();
  let base: Stage | undefined;
  for (let stage: Stage | undefined = stages.at(-1); stage !== undefined && !visited.has(stage); ) {
    visited.add(stage);
    base = stage;
    evidence.push({ path, startLine: stage.instruction.startLine, endLine: stage.instruction.endLine });
    technology = runtimeTechnologyOfImage(stage.image);
    if (technology !== null) break;
    const image = stage.image.toLowerCase();
    stage = stages.find((candidate) => candidate.alias === image && !visited.has(candidate));
  }
  // The image the container runs: a custom image `FROM mongo` is a store (combine-facts.ts).
  const hints: Hint[] = [...runtimeSettings(path, instructions, stages, visited)];
  hints.push(...(
    base === undefined ? [] : [{ hint: 'base-image' as const, dockerfile: path, image: base.image, evidence: [{ path, startLine: base.instruction.startLine, endLine: base.instruction.endLine }] }]));
  for (const port of ports) evidence.push({ path, startLine: port.startLine, endLine: port.endLine });
  evidence.sort((a, b) => a.startLine - b.startLine);
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn(evidence),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'container-image',
        name: null,
        description: null,
        technology,
      },
    ],
    hints,
  };
}

/** `Dockerfile`, `Dockerfile.worker`, `worker.Dockerfile`, `Containerfile`. */
export function isDockerfileName(path: string): boolean {
  return /^(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|^[\w.-]+\.Dockerfile$/i.test(baseNameOf(path));
}

export const dockerfileExtractor: Extractor = {
  name: 'dockerfile',
  version: 3,
  mayRead: isDockerfileName,
  extract,
  tables: { runtimeImages },
};
