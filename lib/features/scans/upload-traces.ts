import { createHash, randomUUID } from 'node:crypto';
import type { TracesUploaded } from '../../../contracts/sources';
import { ValidationError } from '../../platform/errors/service-error';
import { decodeUtf8Strict } from '../../platform/text/strict-json';
import type { SourceRecord } from '../sources/source-store';
import { takeScanAllowance, type ScanRequestContext } from './request-scan';
import { measuredCallFacts } from './measured-call-facts';
import { scanLimitsOf } from './scan-limits-record';
import { insertRunningScan } from './scan-store';
import { storeScanResultIn } from './store-scan-result';
import { readTraceCalls, TraceFormatError } from './trace-calls';

/** A trace file's name: shown in provenance; one line, no folders. */
function checkFileName(fileName: string | null): string {
  if (fileName === null || fileName.trim() === '') throw new ValidationError('Invalid query', [{ field: 'fileName', message: 'must name the trace file' }]);
  if (fileName.length > 255 || /[\u0000-\u001f\u007f/\\]/.test(fileName)) throw new ValidationError('Invalid query', [{ field: 'fileName', message: 'must be a file name of at most 255 characters, without folders or control characters' }]);
  return fileName;
}

/**
 * POST P/sources/{sourceId}/traces?fileName=: reads an OTLP JSON or Jaeger
 * JSON file and proposes, as a scan of the Source, the services it saw and
 * a `measured` relationship per caller and callee with the call count. A trace
 * file shows only what it recorded: the scan is partial (no removal, no stale
 * mark) and leaves the Source's other pending proposals as they are.
 */
export async function uploadTraces(context: ScanRequestContext, project: { id: string; workspaceId: string }, source: SourceRecord, fileNameText: string | null, body: Buffer): Promise<TracesUploaded> {
  const fileName = checkFileName(fileNameText);
  const content = decodeUtf8Strict(body);
  if (content === null) throw new ValidationError('Invalid trace file', [{ field: 'body', message: 'is not UTF-8 text' }]);
  let traces: ReturnType<typeof readTraceCalls>;
  try {
    traces = readTraceCalls(content);
  } catch (error) {
    if (error instanceof TraceFormatError) throw new ValidationError('Invalid trace file', [{ field: error.field ?? 'body', message: error.message }]);
    throw error;
  }
  const lines = content.split('\n').length;
  const evidence = [{ path: fileName, startLine: 1, endLine: Math.max(1, lines) }];
  const facts = measuredCallFacts(traces.services, traces.calls, evidence);
  const scanId = randomUUID();
  const blob = createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
  // One transaction from the allowance to the stored result: a failure leaves no scan and counts nothing.
  await context.db.transaction().execute(async (trx) => {
    await takeScanAllowance(trx, project.workspaceId, context.settings, context.now);
    await insertRunningScan(trx, {
      id: scanId,
      projectId: project.id,
      workspaceId: project.workspaceId,
      sourceId: source.id,
      host: null,
      request: { repository: null, ref: null, includePaths: [], excludePaths: [], pullRequest: null, traceFile: fileName },
      limits: scanLimitsOf(context.settings),
      requestedBy: context.actor,
      at: context.now,
    });
    await storeScanResultIn(trx, {
      profile: context.profile,
      scanId,
      projectId: project.id,
      sourceId: source.id,
      commitSha: null,
      supersedesEarlier: false,
      at: context.now,
      extraction: {
        facts,
        skipped: [],
        filesListed: 1,
        filesRead: 1,
        bytesRead: body.length,
        isComplete: false,
        extractionGap: 'A trace file shows only the calls it recorded: nothing is proposed for removal or marked stale.',
        blobShas: new Map([[fileName, blob]]),
        evidenceTexts: new Map(),
        // A trace file is read by the trace reader, not the extractors: there is nothing of theirs to report.
        diagnostics: null,
      },
    });
  });
  return { scanId, sourceId: source.id, format: traces.format, spans: traces.spans, services: traces.services, calls: traces.calls };
}
