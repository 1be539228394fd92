/**
 * Shared support of the web client's browser tests: the built server on a
 * database of its own (test/support/model-api.ts), Debian's chromium driven by
 * playwright-core, a page signed in as the administrator, and a record of
 * every request the page made and of every console error, so tests can show
 * that nothing left 127.0.0.1 and that the Content-Security-Policy held.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chromiumMissing, launchChromium } from '../support/render-checks';
import { startModelService, type ModelService, type Person } from '../support/model-api';

export { chromiumMissing };

export interface WebSession {
  model: ModelService;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** Console errors and page errors (a CSP violation shows here). */
  consoleErrors: string[];
  /** Opens a path of the client and waits until it has drawn. */
  open(path: string): Promise<void>;
  /** A page signed in as someone else (a new context with their cookie). */
  pageAs(person: Person): Promise<Page>;
  stop(): Promise<void>;
}

export interface WebSessionOptions {
  environment?: Record<string, string>;
  /** Start with the administrator signed in (default true). */
  signedIn?: boolean;
  viewport?: { width: number; height: number };
}

export const refusedAnswerLine = /^Failed to load resource: the server responded with a status of [45]\d\d/;

async function newRecordedContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }, requests: string[], consoleErrors: string[], session: string | null) {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  if (session) await context.addCookies([{ name: 'svc_session', value: session, url: baseURL }]);
  context.on('request', (request) => requests.push(request.url()));
  context.on('page', (page) => {
    page.on('console', (message) => {
      // Chromium logs every 4xx/5xx answer as a console error; the API's refusals are part of the flows under test
      // (the screens show them), so only other errors (scripts, CSP violations) are kept.
      if (message.type() === 'error' && !refusedAnswerLine.test(message.text())) consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
  });
  return context;
}

export async function startWebSession(options: WebSessionOptions = {}): Promise<WebSession> {
  const model = await startModelService(options.environment ?? {});
  const browser = await launchChromium();
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const viewport = options.viewport ?? { width: 1280, height: 800 };
  const context = await newRecordedContext(browser, model.service.url, viewport, requests, consoleErrors, options.signedIn === false ? null : model.admin.session);
  const page = await context.newPage();
  const extraContexts: BrowserContext[] = [];
  return {
    model,
    browser,
    context,
    page,
    requests,
    consoleErrors,
    async open(path: string) {
      await page.goto(path);
      await page.locator('#app main').waitFor();
    },
    async pageAs(person: Person) {
      const other = await newRecordedContext(browser, model.service.url, viewport, requests, consoleErrors, person.session);
      extraContexts.push(other);
      return other.newPage();
    },
    async stop() {
      for (const other of extraContexts) await other.close().catch(() => undefined);
      await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await model.stop();
    },
  };
}

/** Requests that went anywhere but the service under test (there must be none). */
export function requestsLeavingService(requests: readonly string[], serviceUrl: string): string[] {
  const origin = new URL(serviceUrl).origin;
  return requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}

export const screenshotDirectory = resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * Saves a screenshot of the page under docs/screenshots/<name>.png and fails
 * when the page is blank: the main region must hold visible text and the
 * image must not be one colour.
 */
export async function takeScreenshot(page: Page, name: string): Promise<void> {
  const text = (await page.locator('#app main').innerText()).trim();
  expect(text.length, `the ${name} screen shows no text`).toBeGreaterThan(20);
  await mkdir(screenshotDirectory, { recursive: true });
  const png = await page.screenshot({ path: resolve(screenshotDirectory, `${name}.png`), fullPage: false });
  // A blank page compresses to almost nothing: a drawn screen is far larger.
  expect(png.length, `the ${name} screenshot looks blank`).toBeGreaterThan(12_000);
}
