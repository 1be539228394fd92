/**
 * The `svc` command-line tool (part 2 "Command-line tool"), bundled into
 * dist/cli/svc.mjs: `svc scan`, `svc diff`, `svc check`, `--version`, `--help`, and the service
 * commands `health` and `keys`, which run the container's own code
 * (local/service-commands.ts).
 */
import packageJson from '../package.json';
import { extractionRulesVersion } from '../lib/core/extract/rules-version';
import { isServiceCommand } from '../local/service-commands';
import { exitCodes } from './exit-codes';
import { runDiffCommand } from './run-diff-command';
import { runCheckCommand } from './run-check-command';
import { runScanCommand } from './run-scan-command';
import { cliUsage } from './usage';

const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);

async function runServiceCommandOfTheService(name: 'health' | 'keys', args: string[]): Promise<number> {
  const [{ runServiceCommand }, { loggerFromEnvironment }, { createBufferedLogWrite }] = await Promise.all([
    import('../local/service-commands'),
    import('../lib/platform/runtime/logger'),
    import('../lib/platform/runtime/buffered-log-write'),
  ]);
  // The log as the container writes it, so that the same lines reach the same collector.
  const logLines = createBufferedLogWrite();
  process.on('exit', logLines.flush);
  return runServiceCommand(name, args, process.env, loggerFromEnvironment(process.env, logLines.write));
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'scan') {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(cliUsage);
      return exitCodes.ok;
    }
    return runScanCommand(rest, { env: process.env, cwd: process.cwd(), stdout: write(process.stdout), stderr: write(process.stderr), version: packageJson.version });
  }
  if (command === 'diff') {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(cliUsage);
      return exitCodes.ok;
    }
    return runDiffCommand(rest, { env: process.env, cwd: process.cwd(), stdout: write(process.stdout), stderr: write(process.stderr), version: packageJson.version });
  }
  if (command === 'check') {
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(cliUsage);
      return exitCodes.ok;
    }
    return runCheckCommand(rest, { env: process.env, cwd: process.cwd(), stdout: write(process.stdout), stderr: write(process.stderr), version: packageJson.version });
  }
  if (command === '--version' || command === 'version') {
    process.stdout.write(`svc ${packageJson.version} (extraction rules ${extractionRulesVersion})\n`);
    return exitCodes.ok;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(cliUsage);
    return exitCodes.ok;
  }
  if (isServiceCommand(command)) return runServiceCommandOfTheService(command, rest);
  process.stderr.write(`svc: ${command === undefined ? 'no command given' : `unknown command "${command}"`}\n${cliUsage}`);
  return exitCodes.usage;
}

process.exit(await main(process.argv.slice(2)));
