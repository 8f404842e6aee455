import { createShellApp } from "../workers/shell";

// The real shell routing with a trivial page renderer: React Router's server build exists
// only inside Vite, and pages are covered by the end-to-end tier.
export default createShellApp((request) => new Response(`page ${new URL(request.url).pathname}`));
