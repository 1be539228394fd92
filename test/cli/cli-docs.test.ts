import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkFlags, parseCheckArguments } from '../../cli/check-arguments';
import { parseScanArguments, scanFlags } from '../../cli/scan-arguments';
import { cliUsage } from '../../cli/usage';
import { fencedBlocks } from '../support/markdown-blocks';

/**
 * docs/cli.md and `svc --help` keep up with the tool: every flag is in both,
 * the CI jobs are valid YAML, and every `svc.mjs scan …` line in them is a
 * command line the tool accepts.
 */
const page = resolve(import.meta.dirname, '../../docs/cli.md');

/** The words of a shell command line, double quotes removed (enough for the examples). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe('docs/cli.md and the help text', () => {
  it('the check jobs are YAML and run check with flags the tool accepts, the Markdown report posted', () => {
    const jobs = fencedBlocks(page).filter((block) => block.info[0] === 'yaml' && /svc\.mjs"? check /.test(block.text));
    expect(jobs).toHaveLength(2);
    for (const block of jobs) {
      expect(() => parse(block.text), `docs/cli.md:${block.line}`).not.toThrow();
      const line = block.text.split('\n').find((l) => /svc\.mjs"? check /.test(l))!;
      const words = shellWords(line.replace(/^.*?node\s+/, '').replace(/\s*(>|\|\|).*$/, ''));
      const parsed = parseCheckArguments(words.slice(words.indexOf('check') + 1), { SVC_URL: 'https://svc.example.com', SVC_PROJECT: '0b0e5d0c-1a2b-4c3d-8e9f-0a1b2c3d4e5f', SVC_TOKEN: 't' }, '/builds/shop');
      expect(parsed.format).toBe('markdown');
      expect(block.text).toMatch(/comment|notes/);
    }
  });

  it('name every flag of the tool', () => {
    const text = readFileSync(page, 'utf8');
    for (const flag of Object.keys(checkFlags)) {
      expect(cliUsage, flag).toContain(`${flag} `);
      expect(text, flag).toContain(`\`${flag}\``);
    }
    for (const flag of Object.keys(scanFlags)) {
      expect(cliUsage, flag).toContain(`${flag} `);
      expect(text, flag).toContain(`\`${flag}\``);
    }
  });

  it('the CI jobs are YAML and run scan with flags the tool accepts', () => {
    const jobs = fencedBlocks(page).filter((block) => block.info[0] === 'yaml' && /svc\.mjs"? scan /.test(block.text));
    expect(jobs).toHaveLength(2);
    const commands = jobs.flatMap((block) => {
      expect(() => parse(block.text), `docs/cli.md:${block.line}`).not.toThrow();
      return block.text.split('\n').filter((line) => /svc\.mjs"? scan /.test(line));
    });
    expect(commands).toHaveLength(2);
    for (const command of commands) {
      const words = shellWords(command.replace(/^.*?(?:run:|-)\s+node\s+/, ''));
      const args = words.slice(words.indexOf('scan') + 1);
      const parsed = parseScanArguments(args, { SVC_URL: 'https://svc.example.com', SVC_PROJECT: '0b0e5d0c-1a2b-4c3d-8e9f-0a1b2c3d4e5f', SVC_TOKEN: 't' }, '/builds/shop');
      expect(parsed.targets.map((t) => t.path)).toEqual(['/builds/shop']);
      expect(parsed.payloadPath).toBe('/builds/shop/push.json');
    }
  });
});
