import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderSharedViewPage, renderSharePasswordPage, sharePageStylesheet } from './share-page';
import { frameAncestors, sharePageHeaders, styleHashSource } from './share-headers';

const token = 'A'.repeat(43);
const svg = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>x</title></svg>';

describe('the share pages', () => {
  it('the view page holds the SVG without its XML declaration, and a view name never opens a tag', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (viewName) => {
        const html = renderSharedViewPage({ token, viewName, svg });
        expect(html).toContain('<figure><svg xmlns="http://www.w3.org/2000/svg"');
        expect(html).not.toContain('<?xml');
        const title = /<title>([\s\S]*?)<\/title>/.exec(html)![1]!;
        const heading = /<h1>([\s\S]*?)<\/h1>/.exec(html)![1]!;
        for (const text of [title, heading]) expect(text).not.toMatch(/[<>"]/);
        expect(heading.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!)).toBe(viewName);
      }),
    );
  });

  it('no page has a script; the form posts to the page itself', () => {
    const form = renderSharePasswordPage({ wrongPassword: false });
    for (const html of [form, renderSharedViewPage({ token, viewName: 'v', svg })]) expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    expect(form).toContain('<form method="post">');
    expect(form).not.toContain('action=');
  });

  it('the CSP names the hash of the one stylesheet, the embed hosts or none', () => {
    const { headers, withoutBaseHeaders } = sharePageHeaders([], sharePageStylesheet, { holdsPasswordForm: false });
    expect(headers['content-security-policy']).toContain(`style-src ${styleHashSource(sharePageStylesheet)};`);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
    expect(withoutBaseHeaders).toEqual([]);
    expect(frameAncestors(['https://*.example.com', 'http://a.test:8080'])).toBe('frame-ancestors https://*.example.com http://a.test:8080');
    expect(sharePageHeaders(['https://a.test'], sharePageStylesheet, { holdsPasswordForm: true }).withoutBaseHeaders).toEqual(['x-frame-options']);
  });
});
