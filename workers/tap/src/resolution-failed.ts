import type { Locale } from "@releve/i18n";
import { tapMessage } from "@releve/i18n/tap";

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The failure page's whole stylesheet, inline (no second request on a phone). */
export const STYLE = `
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#faf7f2;color:#16130f;font:16px/1.5 "Helvetica Neue",Helvetica,Arial,sans-serif}
main{max-width:22rem;margin:1.25rem;padding:2rem;border:1px solid #16130f1a;background:#fff;text-align:center}
h1{font:400 1.75rem/1.2 Didot,"Bodoni 72","Bodoni MT",Georgia,serif;margin:0 0 .75rem}
p{margin:.25rem 0;color:#6b645a}
a{color:#16130f}
`;

/**
 * The failure page's Content-Security-Policy: nothing may load or run but that stylesheet,
 * named by its sha256 (the test recomputes it from STYLE, so an edit to the style that forgets
 * this hash fails there).
 */
export const RESOLUTION_FAILED_CSP =
  "default-src 'none'; style-src 'sha256-aAlFv99puB6kmgi0Ie7N/NuKH7lAJvTCcPCyriJ/d8Y='; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * One of the tap's own pages (failure, reported missing, not authenticated): tiny,
 * self-contained, readable on any phone, the house style inline (so the same CSP, by hash), in
 * the visitor's language (issue #34). `main` is trusted markup; `refreshHome` sends the phone
 * home after that many seconds.
 */
export function tapPage(
  locale: Locale,
  title: string,
  main: string,
  opts: { alert?: boolean; refreshHome?: number } = {},
): string {
  const refresh = opts.refreshHome ? `\n<meta http-equiv="refresh" content="${opts.refreshHome};url=/">` : "";
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${refresh}
<title>${escapeHtml(title)} · Relevé</title>
<style>${STYLE}</style>
</head>
<body>
<main${opts.alert ? ' role="alert"' : ""}>
${main}
<p><a href="/">${escapeHtml(tapMessage(locale, "tap_return_home"))}</a></p>
</main>
</body>
</html>`;
}

/** The tap's failure page, then home after a pause. `message` is markup (escaped by its maker). */
export function resolutionFailedPage(locale: Locale, message: string): string {
  const title = escapeHtml(tapMessage(locale, "tap_failed_title"));
  return tapPage(
    locale,
    tapMessage(locale, "tap_failed_title"),
    `<h1>${title}</h1>\n<p>${message}</p>\n<p>${escapeHtml(tapMessage(locale, "tap_redirecting"))}</p>`,
    { alert: true, refreshHome: 4 },
  );
}
