import { extractors } from '../../lib/core/extract/extractor-registry';
import type { FileFacts } from '../../lib/core/extract/file-facts';

/** What every extractor finds in these files (path → text), as the driver collects it before combining. */
export function extractorOutputs(files: Record<string, string>): FileFacts[] {
  return Object.entries(files).flatMap(([path, text]) => extractors.filter((extractor) => extractor.mayRead(path)).map((extractor) => extractor.extract(path, text)));
}
