import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/verified", "routes/auth.verified.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("profile-setup", "routes/profile-setup.tsx"),
  route("onboarding/profile", "routes/onboarding.profile.tsx"),
  route("claim/:slug", "routes/claim.tsx"),
  route("share/:slug", "routes/share.tsx"),
  route("share/:slug/contact.vcf", "routes/share.contact-vcf.tsx"),
  route("garment-registration", "routes/garment-registration.tsx"),
  route("tap-register", "routes/tap-register.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("dashboard/wardrobe", "routes/dashboard.wardrobe.tsx"),
  route("dashboard/garment/:garmentId", "routes/dashboard.garment.tsx"),
  route("dashboard/garment/:garmentId/contacts.csv", "routes/dashboard.garment.csv.tsx"),
  ...["dashboard-old", "luxury-dashboard", "enhanced-profile-setup", "enhanced-registration"].map((path) =>
    route(path, "routes/redirect-to.tsx", { id: `redirect-${path}` }),
  ),
  route("admin/login", "routes/admin.login.tsx"),
  route("admin", "routes/admin.tsx", [route("*", "routes/admin.not-found.tsx")]),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
