import type { Route } from "./+types/robots.txt";

// Private and per-person pages stay out of search results; share pages also send noindex.
const DISALLOW = [
  "/admin",
  "/api/",
  "/auth",
  "/claim/",
  "/contact",
  "/dashboard",
  "/dev/",
  "/garment-registration",
  "/logout",
  "/onboarding/",
  "/profile-setup",
  "/receive-info",
  "/reset-password",
  "/share/",
  "/t/",
  "/tap-register",
  "/thank-you",
];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(body.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
