import { CsvError, parse } from 'csv-parse/sync';
import type { FieldError } from '../../platform/errors/error-codes';
import { fieldErrorsOf } from '../../platform/http/parse-input';
import { invalidUnicodeIndex } from '../../platform/text/text-rules';
import type { NewPriceEntry } from './price-entry';
import { customPriceFields, customPriceRequest } from './price-rules';

/**
 * Reading a price CSV (POST W/prices/csv; docs/prices.md "CSV"): RFC 4180 text through
 * csv-parse, a header naming exactly the fields of a custom price (in any order), then each
 * row checked by the custom price's own rules. Pure: no database, no clock.
 */

/** Rows after the header one CSV may hold; the body limit of the route bounds its bytes. */
export const maxCsvRows = 10_000;

/** Characters one record may span (csv-parse `max_record_size`), far above any real row. */
const maxRecordCharacters = 1024 * 1024;

/** Fields whose empty value is null; every other empty value is refused by its rule. */
const emptyIsNull = new Set<string>(['region', 'description', 'unitPrice']);

export interface RefusedCsvRow {
  /** The line of the file where the row starts (the header is line 1). */
  line: number;
  errors: FieldError[];
}

/** A CSV that is read: the prices of its good rows and the refused rows with why. */
export interface ReadPriceCsv {
  entries: { line: number; entry: NewPriceEntry }[];
  refused: RefusedCsvRow[];
}

/** The whole CSV is refused (nothing is stored): a wrong header, broken quoting, too many rows. */
export class PriceCsvRefusal extends Error {
  override readonly name = 'PriceCsvRefusal';
}

/** The header a CSV must have, in the order we write it (any order is read). */
export const priceCsvHeader = customPriceFields.join(',');

function parseErrorText(error: CsvError): string {
  const lines = (error as unknown as { lines?: unknown }).lines;
  const line = typeof lines === 'number' ? `line ${lines}: ` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${line}a quoted field is not closed before the end of the text`;
    case 'INVALID_OPENING_QUOTE':
      return `${line}a quote inside a field that does not start with a quote (quote the whole field and double the quotes inside)`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `${line}text follows a closing quote (double a quote inside a quoted field)`;
    case 'CSV_MAX_RECORD_SIZE':
      return `${line}a row is longer than ${maxRecordCharacters} characters`;
    default:
      return `${line}${error.message}`;
  }
}

/** The line each record starts on, from the byte offset where the record before it ended. */
function lineCounter(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  let line = 1;
  return (fromByte: number): number => {
    // Empty lines between records are skipped by the parser: the record starts after them.
    let start = fromByte;
    while (start < bytes.length && (bytes[start] === 0x0d || bytes[start] === 0x0a)) start += 1;
    for (; offset < start; offset += 1) if (bytes[offset] === 0x0a) line += 1;
    return line;
  };
}

function headerProblem(header: string[]): string | null {
  const expected = new Set<string>(customPriceFields);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of header) (seen.has(name) ? repeated : seen).add(name);
  const missing = customPriceFields.filter((name) => !seen.has(name));
  const unknown = [...seen].filter((name) => !expected.has(name));
  if (missing.length === 0 && unknown.length === 0 && repeated.size === 0) return null;
  const parts = [
    missing.length > 0 ? `missing ${missing.join(', ')}` : null,
    unknown.length > 0 ? `unknown ${unknown.map((name) => JSON.stringify(name)).join(', ')}` : null,
    repeated.size > 0 ? `repeated ${[...repeated].join(', ')}` : null,
  ].filter((part) => part !== null);
  return `line 1: the header must name exactly the columns ${priceCsvHeader} (in any order); ${parts.join('; ')}`;
}

/**
 * Reads a price CSV. Throws PriceCsvRefusal when the whole text is refused; otherwise answers
 * each row as a price (source `csv`) or as refused with its line and field errors.
 */
export function readPriceCsv(text: string): ReadPriceCsv {
  // csv-parse reads UTF-8 bytes, where a lone surrogate would become U+FFFD unseen: text no storage can hold is refused as it came.
  const lone = invalidUnicodeIndex(text);
  if (lone !== -1) throw new PriceCsvRefusal(`line ${text.slice(0, lone).split('\n').length}: must be valid Unicode text (it holds a lone surrogate)`);
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
      max_record_size: maxRecordCharacters,
    }) as never;
  } catch (error) {
    if (error instanceof CsvError) throw new PriceCsvRefusal(parseErrorText(error));
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw new PriceCsvRefusal(`is empty: the first line must be the header ${priceCsvHeader}`);
  const problem = headerProblem(header.record);
  if (problem !== null) throw new PriceCsvRefusal(problem);
  if (rows.length > maxCsvRows) throw new PriceCsvRefusal(`has ${rows.length} rows after the header; at most ${maxCsvRows} are read at once`);

  const lineOf = lineCounter(text);
  const columns = header.record;
  const result: ReadPriceCsv = { entries: [], refused: [] };
  let previousEnd = header.info.bytes;
  for (const { record, info } of rows) {
    const line = lineOf(previousEnd);
    previousEnd = info.bytes;
    if (record.length !== columns.length) {
      result.refused.push({ line, errors: [{ field: 'row', message: `has ${record.length} fields; the header has ${columns.length}` }] });
      continue;
    }
    const values: Record<string, string | null> = {};
    columns.forEach((name, index) => {
      const value = record[index]!;
      values[name] = value === '' && emptyIsNull.has(name) ? null : value;
    });
    const parsed = customPriceRequest.safeParse(values);
    if (!parsed.success) {
      result.refused.push({ line, errors: fieldErrorsOf(parsed.error) });
      continue;
    }
    result.entries.push({ line, entry: { source: 'csv', catalogRef: null, roundedFrom: null, ...parsed.data } });
  }
  return result;
}
