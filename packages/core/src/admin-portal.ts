/**
 * The contract between the shell and the admin remote (decision 0021). The shell gates
 * `/admin/<page>` on the server, answers 404 for pages not listed here, and renders the
 * remote's `AdminApp` with these props; the remote never imports the shell's router.
 */
export const ADMIN_PAGES = ["nfc-dashboard", "instagram"] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];

export const isAdminPage = (value: string | undefined): value is AdminPage =>
  (ADMIN_PAGES as readonly string[]).includes(value ?? "");

export type AdminAppProps = {
  page: AdminPage;
  admin: { email: string; role: string };
  /** Client-side navigation in the shell (e.g. between admin pages). */
  navigate: (to: string) => void;
};

/** 7- and 30-day counts on the NFC dashboard (`GET /api/admin/stats`). */
export type AdminStats = {
  garments: { total: number; last7: number; last30: number };
  profiles: { total: number; last7: number; last30: number };
  scans: { total: number; last7: number; last30: number };
};
