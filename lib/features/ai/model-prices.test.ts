import { describe, expect, it } from 'vitest';
import { costOfUsage, modelPrices, priceOfModel, unknownModelPrice } from './model-prices';

describe('the AI price table', () => {
  it('matches a model to the family with the longest name it starts with', () => {
    expect(priceOfModel('openai', 'gpt-4o-mini-2024-07-18')).toMatchObject({ family: 'gpt-4o-mini', input: '0.15', output: '0.60' });
    expect(priceOfModel('openai', 'gpt-4o-2024-08-06')).toMatchObject({ family: 'gpt-4o' });
    expect(priceOfModel('anthropic', 'claude-opus-4-5-20251101')).toMatchObject({ family: 'claude-opus-4-5', input: '5.00' });
    expect(priceOfModel('anthropic', 'claude-opus-4-20250514')).toMatchObject({ family: 'claude-opus-4', input: '15.00' });
    expect(priceOfModel('gemini', 'models/gemini-2.5-flash-lite')).toMatchObject({ family: 'gemini-2.5-flash-lite' });
    expect(priceOfModel('gemini', 'Gemini-2.5-Pro')).toMatchObject({ family: 'gemini-2.5-pro' });
  });

  it('counts a model of no family, or of another kind, at the highest price of the table', () => {
    const highestInput = Math.max(...Object.values(modelPrices).flat().map((p) => Number(p.input)));
    const highestOutput = Math.max(...Object.values(modelPrices).flat().map((p) => Number(p.output)));
    expect(Number(unknownModelPrice.input)).toBe(highestInput);
    expect(Number(unknownModelPrice.output)).toBe(highestOutput);
    expect(priceOfModel('openai', 'gpt-4.5-preview')).toBe(unknownModelPrice);
    expect(priceOfModel('openai', 'claude-sonnet-4')).toBe(unknownModelPrice);
    expect(priceOfModel('gemini', 'gemini-2.5-flashy')).toBe(unknownModelPrice);
    expect(priceOfModel('openai-compatible', 'llama-3.1-70b')).toBe(unknownModelPrice);
  });

  it('lets an openai-compatible gateway serve any known family, a vendor prefix included', () => {
    expect(priceOfModel('openai-compatible', 'anthropic/claude-3-5-haiku-latest')).toMatchObject({ family: 'claude-3-5-haiku' });
    expect(priceOfModel('openai-compatible', 'gpt-4.1-nano')).toMatchObject({ family: 'gpt-4.1-nano' });
  });

  it('costs tokens exactly: 1,200 input and 300 output tokens of gpt-4o-mini are 0.00036 USD', () => {
    expect(costOfUsage('openai', 'gpt-4o-mini', { inputTokens: 1200, outputTokens: 300 }).toFixed()).toBe('0.00036');
    expect(costOfUsage('anthropic', 'claude-sonnet-4-5', { inputTokens: 1, outputTokens: 1 }).toFixed()).toBe('0.000018');
    expect(costOfUsage('gemini', 'gemini-2.0-flash-lite', { inputTokens: 3, outputTokens: 0 }).toFixed()).toBe('0.000000225');
    expect(costOfUsage('openai', 'anything', { inputTokens: 0, outputTokens: 0 }).toFixed()).toBe('0');
  });
});
