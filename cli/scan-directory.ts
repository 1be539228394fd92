/**
 * One directory through the shared extraction rules: lib/core/extract's
 * `walkDirectory` and `extractFiles`, the same walk and driver a server scan
 * of a `directory` Source runs. This file only watches the entries go by: it
 * counts them for the progress line, keeps the size of each file read (the
 * push names files with their size) and notes what could not be read, which
 * makes the push partial and the exit code 1.
 */
import { extractFiles, type ExtractionResult, type ScanEntry } from '../lib/core/extract/extract-files';
import { normaliseRepositoryPath, type PathScope } from '../lib/core/extract/path-filter';
import type { ScanLimits } from '../lib/core/extract/scan-limits';
import { walkDirectory } from '../lib/core/extract/walk-directory';

/** How far a scan has come. */
export interface ScanProgress {
  filesListed: number;
  filesRead: number;
  bytesRead: number;
}

export interface DirectoryScan {
  result: ExtractionResult;
  /** Bytes of each file read, by repository path. */
  sizes: Map<string, number>;
  /** Directories below the root that could not be listed (their files are unknown). */
  unlistableDirectories: string[];
  /** Regular files whose read failed (not FIFOs, devices or sockets, which are never read). */
  unreadableFiles: string[];
}

export interface ScanDirectoryOptions {
  scope: PathScope;
  limits: ScanLimits;
  /** The Source name: it names the app of the root folder, as on the server. */
  rootAppName: string;
  /** Updated in place as entries are read. */
  progress?: ScanProgress;
}

function repositoryPath(raw: string): string {
  const normalised = normaliseRepositoryPath(raw);
  return normalised.ok ? normalised.path : raw;
}

/**
 * Scans a directory. Rejects with DirectoryWalkError when the directory
 * itself is missing or cannot be listed.
 *
 * @example
 * const { result } = await scanDirectory('/src/shop', { scope, limits, rootAppName: 'shop' });
 */
export async function scanDirectory(directory: string, options: ScanDirectoryOptions): Promise<DirectoryScan> {
  const progress = options.progress ?? { filesListed: 0, filesRead: 0, bytesRead: 0 };
  const sizes = new Map<string, number>();
  const unlistableDirectories: string[] = [];
  const unreadableFiles: string[] = [];

  async function* watched(entries: AsyncIterable<ScanEntry>): AsyncGenerator<ScanEntry> {
    for await (const entry of entries) {
      if ('failure' in entry) {
        if (entry.failure === 'unlistable-directory') unlistableDirectories.push(entry.path);
        else progress.filesListed++;
        yield entry;
        continue;
      }
      progress.filesListed++;
      yield {
        path: entry.path,
        size: entry.size,
        read: async () => {
          try {
            const bytes = await entry.read();
            sizes.set(repositoryPath(entry.path), bytes.byteLength);
            progress.filesRead++;
            progress.bytesRead += bytes.byteLength;
            return bytes;
          } catch (error) {
            unreadableFiles.push(entry.path);
            throw error;
          }
        },
      };
    }
  }

  const result = await extractFiles(watched(walkDirectory(directory)), { scope: options.scope, limits: options.limits, rootAppName: options.rootAppName });
  return { result, sizes, unlistableDirectories, unreadableFiles };
}
