import { describe, expect, it } from 'vitest';
import { budgetedRegExp, SchemaBudgetExceeded, withPatternBudget } from './budgeted-regexp';

describe('budgetedRegExp', () => {
  it('answers as the JavaScript engine does, and remembered answers never mix two patterns up', () => {
    withPatternBudget(2000, () => {
      expect(budgetedRegExp('y', 'u').test('/y')).toBe(true);
      // Pattern "y/" and text "y" join to the same characters as pattern "y" and text "/y".
      expect(budgetedRegExp('y/', 'u').test('y')).toBe(false);
      expect(budgetedRegExp('^\\p{Lu}', 'u').test('Émile')).toBe(true);
      expect(budgetedRegExp('^.$', 'u').test('😀')).toBe(true);
    });
    expect(() => budgetedRegExp('(', 'u')).toThrow(SyntaxError);
  });

  it('throws SchemaBudgetExceeded once the budget is spent, and not without a budget', () => {
    const evil = budgetedRegExp('^(a+)+$', 'u');
    expect(() => withPatternBudget(100, () => evil.test(`${'a'.repeat(40)}!`))).toThrow(SchemaBudgetExceeded);
    expect(() => withPatternBudget(0, () => evil.test('a'))).toThrow(SchemaBudgetExceeded);
    expect(withPatternBudget(null, () => evil.test('aaa'))).toBe(true);
  });
});
