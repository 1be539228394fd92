import { describe, expect, it } from 'vitest';
import { literalString, resourceReference, terraformBlocks, terraformResources } from './terraform-blocks';

describe('terraformResources', () => {
  it('finds top-level resource blocks with their lines, skipping comments, strings with braces and heredocs', () => {
    const text = [
      'locals { a = "}" }',
      '// resource "aws_s3_bucket" "commented" {',
      'resource "aws_s3_bucket" "a" {',
      '  bucket = "has } brace"',
      '  lifecycle_rule {',
      '    bucket = "nested"',
      '  }',
      '  policy = <<-EOT',
      '    { "x": "}" }',
      '    EOT',
      '}',
      'resource "aws_sqs_queue" "q" { name = "inline" }',
    ].join('\n');
    const resources = terraformResources(text);
    expect(resources.map((resource) => [resource.type, resource.label, resource.startLine, resource.endLine])).toEqual([
      ['aws_s3_bucket', 'a', 3, 11],
      ['aws_sqs_queue', 'q', 12, 12],
    ]);
    expect(literalString(resources[0]!.attributes.get('bucket'))).toBe('has } brace');
  });

  it('reads only plain literals and resource references as values', () => {
    expect(literalString({ expression: '"orders"', line: 1 })).toBe('orders');
    expect(literalString({ expression: '"${var.env}-orders"', line: 1 })).toBeNull();
    expect(literalString({ expression: 'var.name', line: 1 })).toBeNull();
    expect(resourceReference({ expression: 'aws_sqs_queue.billing.arn', line: 1 })).toBe('aws_sqs_queue.billing');
    expect(resourceReference({ expression: '"arn:aws:sqs:eu-west-1:1:q"', line: 1 })).toBeNull();
  });
});

describe('terraformBlocks', () => {
  it('reads every top-level block with its labels, and the one attribute of a one-line block', () => {
    const text = 'variable "name" { default = "orders" }\nlocals {\n  env = "prod"\n}\nmodule "db" {\n  source = "./db"\n  settings = {\n    inner = "skipped"\n  }\n}\nterraform {}\n';
    expect(terraformBlocks(text).map((block) => [block.block, block.labels, block.startLine, block.endLine, Object.fromEntries([...block.attributes].map(([name, value]) => [name, value.expression]))])).toEqual([
      ['variable', ['name'], 1, 1, { default: '"orders"' }],
      ['locals', [], 2, 4, { env: '"prod"' }],
      ['module', ['db'], 5, 10, { source: '"./db"', settings: '{' }],
      ['terraform', [], 11, 11, {}],
    ]);
  });
});
