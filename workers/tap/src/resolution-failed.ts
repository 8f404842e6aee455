const escapeHtml = (s: string) =>
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

/** The tap's failure page: tiny, self-contained, readable on any phone, then home after a pause. */
export function resolutionFailedPage(message: string): string {
  const text = escapeHtml(message);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="4;url=/">
<title>Resolution Failed · Relevé</title>
<style>${STYLE}</style>
</head>
<body>
<main role="alert">
<h1>Resolution Failed</h1>
<p>${text}</p>
<p>Redirecting to home...</p>
<p><a href="/">Return to Home</a></p>
</main>
</body>
</html>`;
}
