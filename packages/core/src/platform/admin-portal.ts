/**
 * The contract between the shell and the admin remote (decision 0021). The shell gates
 * `/admin/<page>` on the server, answers 404 for pages not listed here, and renders the
 * remote's `AdminApp` with these props; the remote never imports the shell's router.
 */
export const ADMIN_PAGES = [
  "nfc-dashboard",
  "nfc-programmer",
  "nfc",
  "products",
  "instagram",
  "qa",
  "tools/link-tester",
] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];

/** Each page's title, in the header, the tab list and the document title. */
export const ADMIN_PAGE_TITLES: Record<AdminPage, string> = {
  "nfc-dashboard": "NFC Dashboard",
  "nfc-programmer": "NFC Programmer",
  nfc: "Tag Registry",
  products: "Products",
  instagram: "Social Posts",
  qa: "QA Panel",
  "tools/link-tester": "Link Tester",
};

export const isAdminPage = (value: string | undefined): value is AdminPage =>
  (ADMIN_PAGES as readonly string[]).includes(value ?? "");

export type AdminAppProps = {
  page: AdminPage;
  admin: { email: string; role: string };
  /** Client-side navigation in the shell (e.g. between admin pages). */
  navigate: (to: string) => void;
  /** Shows a notice through the shell's toaster, so the remote bundles no toast library. */
  notify: (notice: AdminNotice) => void;
};

type AdminNotice = { type: "success" | "error"; title: string; description?: string };

/** 7- and 30-day counts on the NFC dashboard (`GET /api/admin/stats`). */
export type AdminStats = {
  garments: { total: number; last7: number; last30: number };
  profiles: { total: number; last7: number; last30: number };
  scans: { total: number; last7: number; last30: number };
};

/** Outcome texts of the admin portal: the spec's where it has one (part 2 §5, §8). */
export const ADMIN_MESSAGES = {
  reassigned: "Garment reassigned successfully",
  reassignFailed: "Failed to reassign garment",
  statusFailed: "Failed to update garment status",
  markedProgrammed: "Marked as programmed",
  markFailed: "Failed to mark as programmed",
  unclaimedFailed: "Failed to fetch unclaimed garments",
  dashboardFailed: "Failed to load dashboard data",
  exportDone: "Export Complete",
  exportFailed: "Failed to export data",
  copyFailed: "Failed to copy to clipboard",
  linkCopied: "Link copied",
  postsFailed: "Error fetching posts",
  postSaveFailed: "Error saving post",
  postDeleteFailed: "Error deleting post",
  deleteConfirm: "Are you sure you want to delete this post?",
  postCreated: "Post created successfully",
  postUpdated: "Post updated successfully",
  postDeleted: "Post deleted successfully",
} as const;
