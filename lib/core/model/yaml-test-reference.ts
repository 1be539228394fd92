/**
 * For the tests of the YAML writer and reader: the model document's YAML as
 * the `yaml` package writes it (what the export wrote before it had its own
 * writer), and awkward text for YAML writers and readers.
 */
import fc from 'fast-check';
import { Document, visit } from 'yaml';

/** `value` as a YAML document through `yaml` itself, with the model document's options and quoting rule. */
export function yamlByLibrary(value: unknown, mustQuote: (text: string) => boolean): string {
  // aliasDuplicateObjects: false, or two records sharing one list would be written as an anchor and an alias.
  const document = new Document(value, { version: '1.2', aliasDuplicateObjects: false });
  visit(document, {
    Scalar(key, node) {
      if (key !== 'key' && typeof node.value === 'string' && mustQuote(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return document.toString({ lineWidth: 0, minContentWidth: 0, doubleQuotedAsJSON: true, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER });
}

/** Strings YAML writers and readers get wrong: indicators, words other readers take for values, white space at the edges, breaks. */
export const awkwardStrings: readonly string[] = [
  '', ' ', '  ', ' lead', 'trail ', '\tlead', 'trail\t', 'a\tb', 'a  b', 'yes', 'No', 'on', 'OFF', 'y', 'n', 'null', 'Null', 'NULL', '~', 'true', 'True', 'FALSE',
  '1', '-1', '+1', '1.0', '.5', '1e3', '012', '0x1F', '0o17', '1_000', '1:20', '2024-01-01', '2024-01-01T00:00:00Z', '.inf', '-.Inf', '.NaN', '<<', '=',
  '#x', 'a #b', 'a# b', 'a: b', 'a:b', 'a:', ':a', '- x', '-', '-x', '? x', '?', '@at', '`tick', '%pct', '!bang', '*star', '&amp', '|', '>', ',', '[x]', '{x}', '[]', '{}',
  '"q"', "'q'", 'it\'s', 'say "hi"', 'both \' and "', '---', '--- x', '...', '...x', 'a\n---\nb', '%YAML 1.2',
  '\n', '\n\n', 'a\n', 'a\n\n', '\na', '\n\na', 'a\nb', 'a\n\nb', 'a\n\n\nb\n', ' a\nb', '  a\n b', 'a\n b', 'a \nb', 'a\n ', 'a\n\t', ' \n', '\t\n', 'a\n \nb',
  'a\r\nb', 'a\rb', 'x\u0085y', 'x\u2028y', 'x\u2029y', '\ufeffx', '\ufffe', 'a\uffff', 'del\u007f', 'c1\u0080', 'nul\u0000', 'bell\u0007', 'esc\u001b', 'v\u000bw',
  '\ud800', 'x\udfff', '😀', 'ünïcödé', 'שלום', '日本語', '\u00a0nbsp', 'nbsp\u00a0', 'e\u0301', 'x'.repeat(300), `${'word '.repeat(40)}end`,
];

/** Awkward text: the strings above, joined pieces of them (also across lines), and random text. */
export function awkwardText(): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...awkwardStrings) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom(' ', '  ', '\t', '\n', '\n\n', '\n  ', '#', ':', '-', "'", '"') },
  );
  return fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join(''));
}
