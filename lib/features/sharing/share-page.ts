/**
 * The HTML of the public share pages (docs/sharing.md): the read-only page of
 * a view with its picture inline, and the password form. Pure; no script, one
 * stylesheet (its hash goes in the page's Content-Security-Policy). Links are
 * relative to the page (`/s/{token}`), so they hold under any public address.
 */

/** The one stylesheet of the share pages; dark like the picture. */
export const sharePageStylesheet = [
  ':root{color-scheme:dark}',
  'body{margin:0;background:#0b1120;color:#f1f5f9;font-family:"DejaVu Sans","Liberation Sans",Arial,Helvetica,sans-serif}',
  'header,nav,main,form{padding:12px 20px}',
  'h1{font-size:20px;margin:0}',
  'p{margin:6px 0;color:#94a3b8}',
  'nav a{color:#7dd3fc;margin-right:16px}',
  'figure{margin:0;overflow:auto}',
  'figure svg{max-width:100%;height:auto;display:block}',
  'label{display:block;margin-bottom:6px}',
  'input{font:inherit;padding:6px;width:min(320px,90%)}',
  'button{font:inherit;padding:6px 14px;margin-left:6px}',
  '.error{color:#fca5a5}',
].join('\n');

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEntities[c]!);
}

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${sharePageStylesheet}</style>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The downloads of a shared view, by the file name after `/s/{token}/`. */
export const sharedDownloads = Object.freeze([
  { file: 'diagram.svg', label: 'SVG' },
  { file: 'flowchart.mmd', label: 'Mermaid flowchart' },
  { file: 'model.dsl', label: 'Architecture DSL (whole model)' },
] as const);

/** The SVG export as an element of an HTML page: the XML declaration goes, the rest is the export's bytes. */
function inlineSvg(svg: string): string {
  return svg.replace(/^<\?xml[^>]*\?>\s*/, '');
}

/**
 * The read-only page of a view: its name, the picture (the SVG export of the
 * main model, inline) and links to the three downloads.
 */
export function renderSharedViewPage(input: { token: string; viewName: string; svg: string }): string {
  const links = sharedDownloads.map((d) => `<a href="${input.token}/${d.file}" download="${d.file}">${escapeHtml(d.label)}</a>`).join('\n');
  return page(`${input.viewName} (shared view)`, [
    `<header><h1>${escapeHtml(input.viewName)}</h1><p>A read-only view of the main model.</p></header>`,
    `<nav aria-label="Downloads">\n${links}\n</nav>`,
    `<main><figure>${inlineSvg(input.svg)}</figure></main>`,
  ].join('\n'));
}

/** The password form of a link with a password; posts to the page itself. `wrongPassword` adds the refusal line. */
export function renderSharePasswordPage(options: { wrongPassword: boolean }): string {
  return page('Shared view: password', [
    '<header><h1>Shared view</h1><p>This link needs a password.</p></header>',
    '<form method="post">',
    options.wrongPassword ? '<p class="error" role="alert">That password is not right.</p>' : '',
    '<label for="password">Password</label>',
    '<input id="password" name="password" type="password" required maxlength="200" autocomplete="current-password" autofocus>',
    '<button type="submit">Open</button>',
    '</form>',
  ].filter((line) => line !== '').join('\n'));
}
