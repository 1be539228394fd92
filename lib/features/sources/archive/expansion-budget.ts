import { ArchiveTooLargeError } from './archive-errors';

/**
 * Counts bytes as they are inflated or downloaded and refuses the whole tree
 * the moment the count passes `import.maxArchiveBytes`. Fed with real byte
 * counts only, so an archive whose headers understate its size is still caught.
 */
export class ExpansionBudget {
  private used = 0;

  constructor(readonly limitBytes: number) {
    if (!Number.isSafeInteger(limitBytes) || limitBytes < 0) throw new RangeError('maxArchiveBytes must be a whole number of bytes');
  }

  /** Bytes counted so far. */
  get usedBytes(): number {
    return this.used;
  }

  /**
   * Refuses at once an entry whose header declares more than the whole limit:
   * its bytes could only pass it, so none of them is inflated first. What the
   * entry really holds is still counted by spend() as it streams.
   */
  refuseLargerThanLimit(declaredBytes: number): void {
    if (declaredBytes > this.limitBytes) throw new ArchiveTooLargeError(this.limitBytes);
  }

  /** Adds bytes just produced; throws ArchiveTooLargeError once past the limit. */
  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limitBytes) throw new ArchiveTooLargeError(this.limitBytes);
  }
}
