import type { Route } from "./+types/sitemap.xml";
import { listArticles } from "./blog.server";
import { PUBLIC_PATHS } from "./seo";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const entries = [
    ...PUBLIC_PATHS.map((path) => ({ path, lastmod: null as string | null })),
    ...listArticles().map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.date })),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map(
    (e) =>
      `  <url><loc>${escapeXml(`${origin}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
  )
  .join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
