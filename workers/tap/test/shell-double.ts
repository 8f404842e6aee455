/**
 * Test double of the shell (apps/web) behind the tap's SHELL binding, in the tap's workerd
 * tests only: React Router's server build exists only inside Vite, and the real page is
 * covered end to end. It answers any path with a small page and says what it was sent, so a
 * test can check what crosses the binding and which of the shell's headers the tap keeps.
 * (A worker module exports handlers only: tests repeat its values rather than import them.)
 */
export default {
  fetch(request: Request): Response {
    const url = new URL(request.url);
    const sent = { method: request.method, path: `${url.pathname}${url.search}`, headers: [...request.headers] };
    const body = `<!doctype html><title>shell double</title><script type="application/json" id="sent">${JSON.stringify(sent)}</script>`;
    return new Response(request.method === "HEAD" ? null : body, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        // The tap must replace these with its own.
        "Cache-Control": "public, max-age=600",
        "X-Robots-Tag": "all",
        "Set-Cookie": "releve_flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
        "X-Shell-Page": url.pathname,
        "X-Shell-Method": request.method,
      },
    });
  },
};
