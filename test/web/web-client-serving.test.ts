import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, requestsLeavingService, startWebSession, type WebSession } from './web-browser';

/**
 * The served client in a real browser: it draws, the Content-Security-Policy
 * stops a script put into the page, and the page asks nothing of any origin
 * but the service's (docs/web-client.md).
 */
if (chromiumMissing) console.log(`web-client-serving: browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('the web client in headless chromium', () => {
  let session: WebSession;

  beforeAll(async () => {
    session = await startWebSession();
  }, 90_000);

  afterAll(async () => {
    await session?.stop();
  });

  it('loads at / and draws into #app', async () => {
    await session.open('/');
    const app = session.page.locator('#app');
    expect((await app.innerText()).trim().length).toBeGreaterThan(0);
    // The boot text of index.html is gone: the script ran and replaced it.
    expect(await session.page.locator('#app .boot').count()).toBe(0);
  });

  it('opens a deep link: the client draws there too', async () => {
    await session.open('/w/some-workspace/p/some-project/model');
    expect(new URL(session.page.url()).pathname).toBe('/w/some-workspace/p/some-project/model');
    expect(await session.page.locator('#app main').count()).toBe(1);
  });

  it('runs no inline script put into the page, and reports the violation', async () => {
    await session.open('/');
    const outcome = await session.page.evaluate(async () => {
      const violation = new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true });
        setTimeout(() => resolve('none'), 2000);
      });
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.body.append(script);
      const directive = await violation;
      return { directive, ran: (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true };
    });
    expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
    // The browser logs the refusal; take it out so the check below sees nothing else.
    const refusals = session.consoleErrors.filter((text) => /Content Security Policy/.test(text));
    expect(refusals.length).toBeGreaterThan(0);
    session.consoleErrors.splice(0, session.consoleErrors.length, ...session.consoleErrors.filter((text) => !refusals.includes(text)));
  });

  it('every request the page made went to the service, and nothing failed in the console', () => {
    expect(session.requests.length).toBeGreaterThan(3);
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
