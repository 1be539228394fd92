import { describe, expect, it } from 'vitest';
import { lineMentioning, tomlKeyLine, tomlTableLine } from './toml-lines';
import { outlineXml } from './xml-outline';

describe('outlineXml', () => {
  it('lists elements with their path, text and start-tag line, prefixes dropped', () => {
    expect(outlineXml('<a>\n  <m:b x="1">t<![CDATA[<u>]]></m:b>\n</a>')).toEqual([
      { path: 'a', attributes: {}, text: '', line: 1 },
      { path: 'a/b', attributes: { 'x': '1' }, text: 't<u>', line: 2 },
    ]);
    expect(outlineXml('<a><b></a>')).toBeNull();
    expect(outlineXml('not xml')).toBeNull();
  });
});

describe('TOML lines', () => {
  const text = '[project]\nname = "x"\n\n[tool.poetry]\n"name" = "y"\n[tool."poetry".dependencies]\nflask = "*"\n';
  it('finds the line of a key in its table and of a table header', () => {
    expect(tomlKeyLine(text, 'project', 'name')).toBe(2);
    expect(tomlKeyLine(text, 'tool.poetry', 'name')).toBe(5);
    expect(tomlKeyLine(text, 'tool.poetry.dependencies', 'flask')).toBe(7);
    expect(tomlKeyLine(text, 'project', 'version')).toBeNull();
    expect(tomlTableLine(text, 'tool.poetry')).toBe(4);
    expect(lineMentioning(text, 5, /flask/)).toBe(7);
  });
});
