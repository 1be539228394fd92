import { describe, expect, it } from 'vitest';
import { evaluateTerraform, type TerraformScope, unknown } from './terraform-values';

const variables: Record<string, string | number | boolean | null> = { env: 'prod', name: 'orders', prefixed: false, empty: null, count: 2 };
const scope: TerraformScope = {
  variable: (name) => (Object.hasOwn(variables, name) ? variables[name]! : unknown),
  local: () => unknown,
};

describe('evaluateTerraform', () => {
  it('reads literals, templates, variables and the functions names are built with', () => {
    expect(evaluateTerraform('"orders"', scope)).toBe('orders');
    expect(evaluateTerraform('"${var.env}-${var.name}-${var.count}"', scope)).toBe('prod-orders-2');
    expect(evaluateTerraform('"${ lower("A") }"', scope)).toBe('a');
    expect(evaluateTerraform('"a\\"b $${literal}"', scope)).toBe('a"b ${literal}');
    expect(evaluateTerraform('coalesce(var.empty, "", var.name)', scope)).toBe('orders');
    expect(evaluateTerraform('var.prefixed ? null : "${var.name}-db"', scope)).toBe('orders-db');
    expect(evaluateTerraform('!var.prefixed && var.env == "prod" ? upper(var.env) : "x"', scope)).toBe('PROD');
  });

  it('is unknown for anything it cannot read exactly', () => {
    for (const expression of [
      'var.missing',
      '"${var.missing}-orders"',
      '"${var.empty}-orders"',
      'var.name[0]',
      'var.tags.name',
      'aws_s3_bucket.x.id',
      'each.key',
      'format("%s-x", var.name)',
      'var.unknown ? "a" : "b"',
      '"%{ if true }x%{ endif }"',
      '"unterminated',
      'local.anything',
      '',
    ]) {
      expect(evaluateTerraform(expression, scope), expression).toBe(unknown);
    }
  });
});
