import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/exit-codes';
import { parseScanArguments, scanFlags } from '../../cli/scan-arguments';
import { isThisMachine, serviceBaseUrl } from '../../cli/service-address';

/**
 * The command line of `svc scan` (part 2 "Command-line tool", the flag
 * table): every flag, its defaults from SVC_URL / SVC_PROJECT, the token from
 * SVC_TOKEN only, and a usage error (exit 2) that names the flag for every
 * mistake. Fuzzed: no command line makes the reader fail other than with a
 * UsageError.
 */
const projectId = '0b0e5d0c-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const env = { SVC_URL: 'https://svc.example.com/', SVC_PROJECT: projectId, SVC_TOKEN: 'svc_at_secret' };
const cwd = '/src';

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no usage error');
}

describe('svc scan arguments', () => {
  it('takes the address, project and token from the environment; a flag wins over its variable', () => {
    const command = parseScanArguments(['shop'], env, cwd);
    expect(command).toMatchObject({ url: 'https://svc.example.com', projectId, token: 'svc_at_secret', dryRun: false, timeoutSeconds: 300, payloadPath: null });
    expect(command.targets).toEqual([{ directory: 'shop', path: '/src/shop', name: 'shop' }]);
    const flagged = parseScanArguments(['shop', '--url', 'https://other.example.com/svc/', `--project=${projectId.toUpperCase()}`], env, cwd);
    expect(flagged.url).toBe('https://other.example.com/svc');
    expect(flagged.projectId).toBe(projectId);
  });

  it('reads every flag of the table, as --flag value and --flag=value, before or after the directories', () => {
    const command = parseScanArguments(
      [
        '--include',
        'services',
        'a',
        '--include=deploy',
        '--exclude',
        'services/legacy',
        '--exclude-glob',
        '**/*.snap',
        'b',
        '--max-files',
        '10',
        '--max-file-bytes=1000',
        '--max-total-bytes',
        '5000',
        '--dry-run',
        '--payload',
        'out/push.json',
        '--timeout',
        '60',
        '--allow-http',
        '--name',
        'a=Orders',
        '--name=b=Billing',
      ],
      env,
      cwd,
    );
    expect(command.targets.map((t) => [t.path, t.name])).toEqual([
      ['/src/a', 'Orders'],
      ['/src/b', 'Billing'],
    ]);
    expect(command.scope).toEqual({ includePaths: ['services', 'deploy'], excludePaths: ['services/legacy'], excludeGlobs: ['**/*.snap'] });
    expect(command.limits).toEqual({ maxFiles: 10, maxFileBytes: 1000, maxTotalBytes: 5000 });
    expect(command).toMatchObject({ dryRun: true, allowHttp: true, payloadPath: '/src/out/push.json', timeoutSeconds: 60 });
  });

  it('--name: a plain name for one directory; <dir>=<name> for several; a name may hold "="', () => {
    expect(parseScanArguments(['shop', '--name', 'The Shop'], env, cwd).targets[0]!.name).toBe('The Shop');
    expect(parseScanArguments(['shop', '--name', 'a=b'], env, cwd).targets[0]!.name).toBe('a=b');
    expect(parseScanArguments(['./shop/', '--name', 'shop=Shop'], env, cwd).targets[0]!.name).toBe('Shop');
    expect(usageMessage(() => parseScanArguments(['a', 'b', '--name', 'Shop'], env, cwd))).toContain('--name <dir>=<name>');
    expect(usageMessage(() => parseScanArguments(['a', '--name', 'x', '--name', 'y'], env, cwd))).toContain('--name');
    expect(usageMessage(() => parseScanArguments(['a', '--name', '  '], env, cwd))).toContain('empty');
  });

  it('two directories that would push to one Source are refused', () => {
    expect(usageMessage(() => parseScanArguments(['x/shop', 'y/shop'], env, cwd))).toContain('same Source');
    expect(usageMessage(() => parseScanArguments(['a', 'b', '--name', 'a=Shop API', '--name', 'b=shop-api'], env, cwd))).toContain('same Source');
  });

  it('the token comes from SVC_TOKEN only', () => {
    expect(usageMessage(() => parseScanArguments(['shop', '--token', 'x'], env, cwd))).toContain('SVC_TOKEN');
    expect(usageMessage(() => parseScanArguments(['shop'], { ...env, SVC_TOKEN: '' }, cwd))).toContain('SVC_TOKEN');
    expect(usageMessage(() => parseScanArguments(['shop'], { ...env, SVC_TOKEN: 'a b' }, cwd))).toContain('SVC_TOKEN');
  });

  it('a push needs the address and the project; a dry run needs neither', () => {
    expect(usageMessage(() => parseScanArguments(['shop'], { ...env, SVC_URL: undefined }, cwd))).toContain('--url');
    expect(usageMessage(() => parseScanArguments(['shop'], { ...env, SVC_PROJECT: ' ' }, cwd))).toContain('--project');
    expect(parseScanArguments(['shop', '--dry-run'], {}, cwd)).toMatchObject({ url: null, projectId: null, token: null, dryRun: true });
  });

  it.each([
    [[], 'at least one directory'],
    [['shop', '--colour'], 'unknown flag --colour'],
    [['shop', '--project'], '--project needs a value'],
    [['shop', '--project', '--dry-run'], '--project needs a value'],
    [['shop', '--project', 'abc'], 'not a project ID'],
    [['shop', '--url', 'a', '--url', 'b'], '--url is given twice'],
    [['shop', '--url', 'ftp://svc.example.com'], 'not an http or https address'],
    [['shop', '--url', 'svc.example.com'], 'not an absolute'],
    [['shop', '--url', 'https://u:p@svc.example.com'], 'user name'],
    [['shop', '--url', 'https://svc.example.com/?x=1'], 'query'],
    [['shop', '--url', 'http://svc.example.com'], '--allow-http'],
    [['shop', '--dry-run=yes'], 'takes no value'],
    [['shop', '--max-files', '0'], '--max-files must be from 1'],
    [['shop', '--max-files', '1.5'], '--max-files must be a whole number'],
    [['shop', '--max-file-bytes', '-3'], '--max-file-bytes must be a whole number'],
    [['shop', '--max-total-bytes', 'lots'], '--max-total-bytes must be a whole number'],
    [['shop', '--timeout', '0'], '--timeout must be from 1 to 3600'],
    [['shop', '--timeout', '3601'], '--timeout must be from 1 to 3600'],
    [['shop', '--include', '../up'], '--include "../up": the path climbs out'],
    [['shop', '--exclude', '/etc'], '--exclude "/etc": the path is absolute'],
    [['shop', '--payload='], '--payload needs a file name'],
  ])('%j is a usage error naming the mistake', (args, expected) => {
    expect(usageMessage(() => parseScanArguments(args, env, cwd))).toContain(expected);
  });

  it('plain http goes only to this machine unless --allow-http', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.1', '[::1]', 'svc.localhost']) {
      expect(parseScanArguments(['shop', '--url', `http://${host}:8080`], env, cwd).url).toBe(`http://${host}:8080`);
    }
    for (const host of ['10.0.0.5', 'svc.example.com', '[::2]', 'localhost.example.com', '0.0.0.0']) {
      expect(usageMessage(() => parseScanArguments(['shop', '--url', `http://${host}`], env, cwd))).toContain('clear text');
      expect(parseScanArguments(['shop', '--url', `http://${host}`, '--allow-http'], env, cwd).url).toBe(`http://${host}`);
    }
    expect(serviceBaseUrl('https://svc.example.com', false)).toBe('https://svc.example.com');
    expect(isThisMachine('[::ffff:127.0.0.1]')).toBe(true);
  });

  it('fuzz: any command line gives a command or a usage error, never another failure', () => {
    const flags = Object.keys(scanFlags);
    const word = fc.oneof(
      fc.constantFrom(...flags, '--token', '--', '-', 'shop', 'a=b', '../up', '/abs', '**/[', '0', '3600', projectId, 'http://x', 'https://svc.example.com'),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(...flags).chain((flag) => fc.string({ maxLength: 8 }).map((value) => `${flag}=${value}`)),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 10 }), fc.boolean(), (args, withEnv) => {
        try {
          const command = parseScanArguments(args, withEnv ? env : {}, cwd);
          expect(command.targets.length).toBeGreaterThan(0);
          expect(command.timeoutSeconds).toBeGreaterThanOrEqual(1);
          if (!command.dryRun) expect(command.token).not.toBeNull();
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
