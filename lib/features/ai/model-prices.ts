import { ExactDecimal } from '../../platform/money/exact-decimal';
import type { AiProviderKind } from '../settings/settings-schema';

/**
 * What an AI call costs (docs/ai.md "Price table"): the token counts a provider reports times the
 * list price of the model's family, in USD per million tokens. Standard tier, text, prompts up to
 * 200,000 tokens (Gemini 2.5 Pro and Gemini 3 Pro charge more above that; no prompt of this
 * service comes near it), no batch or cache discounts.
 *
 * Prices as listed in March 2026 on https://platform.openai.com/docs/pricing,
 * https://docs.anthropic.com/en/docs/about-claude/pricing and
 * https://ai.google.dev/gemini-api/docs/pricing. Models served only by other APIs than the one
 * called here (OpenAI's Responses-only `o1-pro`, `gpt-5-pro`) are left out.
 *
 * A model is matched to the family with the longest name it starts with, followed by the end or
 * by `-`, `:` or `@` (so `gpt-4o-mini-2024-07-18` is `gpt-4o-mini`, and `gpt-4.5` is no family).
 * A model of no family is counted at the highest input and output price of the table, so an
 * unknown model can never spend more than its budget says. An `openai-compatible` endpoint is
 * matched against every family (a gateway may serve any of them), then the same rule.
 */
export const modelPriceListedIn = '2026-03';

export interface ModelFamilyPrice {
  family: string;
  /** USD per million input tokens, as decimal text. */
  input: string;
  /** USD per million output tokens, as decimal text. */
  output: string;
}

export const modelPrices: Readonly<Record<Exclude<AiProviderKind, 'openai-compatible'>, readonly ModelFamilyPrice[]>> = Object.freeze({
  openai: [
    { family: 'gpt-5.4', input: '2.50', output: '15.00' },
    { family: 'gpt-5.1', input: '1.25', output: '10.00' },
    { family: 'gpt-5', input: '1.25', output: '10.00' },
    { family: 'gpt-5-mini', input: '0.25', output: '2.00' },
    { family: 'gpt-5-nano', input: '0.05', output: '0.40' },
    { family: 'gpt-4.1', input: '2.00', output: '8.00' },
    { family: 'gpt-4.1-mini', input: '0.40', output: '1.60' },
    { family: 'gpt-4.1-nano', input: '0.10', output: '0.40' },
    { family: 'gpt-4o', input: '2.50', output: '10.00' },
    { family: 'gpt-4o-mini', input: '0.15', output: '0.60' },
    { family: 'o1', input: '15.00', output: '60.00' },
    { family: 'o3', input: '2.00', output: '8.00' },
    { family: 'o3-mini', input: '1.10', output: '4.40' },
    { family: 'o4-mini', input: '1.10', output: '4.40' },
  ],
  anthropic: [
    { family: 'claude-opus-4-6', input: '5.00', output: '25.00' },
    { family: 'claude-opus-4-5', input: '5.00', output: '25.00' },
    { family: 'claude-opus-4-1', input: '15.00', output: '75.00' },
    { family: 'claude-opus-4', input: '15.00', output: '75.00' },
    { family: 'claude-sonnet-4-6', input: '3.00', output: '15.00' },
    { family: 'claude-sonnet-4-5', input: '3.00', output: '15.00' },
    { family: 'claude-sonnet-4', input: '3.00', output: '15.00' },
    { family: 'claude-3-7-sonnet', input: '3.00', output: '15.00' },
    { family: 'claude-3-5-sonnet', input: '3.00', output: '15.00' },
    { family: 'claude-haiku-4-5', input: '1.00', output: '5.00' },
    { family: 'claude-3-5-haiku', input: '0.80', output: '4.00' },
    { family: 'claude-3-opus', input: '15.00', output: '75.00' },
    { family: 'claude-3-haiku', input: '0.25', output: '1.25' },
  ],
  gemini: [
    { family: 'gemini-3-pro', input: '2.00', output: '12.00' },
    { family: 'gemini-2.5-pro', input: '1.25', output: '10.00' },
    { family: 'gemini-2.5-flash', input: '0.30', output: '2.50' },
    { family: 'gemini-2.5-flash-lite', input: '0.10', output: '0.40' },
    { family: 'gemini-2.0-flash', input: '0.10', output: '0.40' },
    { family: 'gemini-2.0-flash-lite', input: '0.075', output: '0.30' },
    { family: 'gemini-1.5-pro', input: '1.25', output: '5.00' },
    { family: 'gemini-1.5-flash', input: '0.075', output: '0.30' },
  ],
});

const allFamilies: readonly ModelFamilyPrice[] = Object.values(modelPrices).flat();

/** The price an unknown model is counted at: the highest input and the highest output price of the table. */
export const unknownModelPrice: Readonly<ModelFamilyPrice> = Object.freeze({
  family: 'unknown',
  input: ExactDecimal.max(...allFamilies.map((p) => p.input)).toFixed(),
  output: ExactDecimal.max(...allFamilies.map((p) => p.output)).toFixed(),
});

/** `models/gemini-2.5-pro` and `anthropic/claude-sonnet-4` name the model after the last slash. */
function bareModelName(model: string): string {
  const name = model.trim().toLowerCase();
  return name.slice(name.lastIndexOf('/') + 1);
}

function startsFamily(name: string, family: string): boolean {
  if (!name.startsWith(family)) return false;
  const next = name.charAt(family.length);
  return next === '' || next === '-' || next === ':' || next === '@';
}

/** The price a model of a provider kind is counted at (its family's, or the unknown model price). */
export function priceOfModel(kind: AiProviderKind, model: string): ModelFamilyPrice {
  const name = bareModelName(model);
  const families = kind === 'openai-compatible' ? allFamilies : modelPrices[kind];
  let best: ModelFamilyPrice | null = null;
  for (const price of families) if (startsFamily(name, price.family) && (best === null || price.family.length > best.family.length)) best = price;
  return best ?? unknownModelPrice;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

const perMillion = new ExactDecimal(1_000_000);

/** The cost in USD of a call's tokens, exactly (no rounding). */
export function costOfUsage(kind: AiProviderKind, model: string, usage: TokenUsage): ExactDecimal {
  const price = priceOfModel(kind, model);
  return new ExactDecimal(usage.inputTokens).times(price.input).plus(new ExactDecimal(usage.outputTokens).times(price.output)).dividedBy(perMillion);
}
