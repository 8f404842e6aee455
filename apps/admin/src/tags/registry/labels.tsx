import { GARMENT_SIZES, GARMENT_TYPES, type TagAction, type TagStatus } from "@releve/core/tags/rules";

/** The garment type and size choices of the programming forms (one tag, a batch), the empty choice first. */
export const GARMENT_TYPE_OPTIONS: readonly (readonly [string, string])[] = [
  ["", "Choose a type"],
  ...GARMENT_TYPES.map((t) => [t, t] as const),
];
export const GARMENT_SIZE_OPTIONS: readonly (readonly [string, string])[] = [
  ["", "No size"],
  ...GARMENT_SIZES.map((s) => [s, s] as const),
];

/** How the registry names each status and action. */
export const STATUS_LABELS: Record<TagStatus, string> = {
  uninitialized: "Uninitialized",
  assigned: "Assigned",
  locked: "Locked",
  active: "Active",
  inactive: "Inactive",
  lost: "Lost",
  stolen: "Stolen",
  released: "Released",
};

/** Badge colours: working tags in gold, reported or deactivated ones in red, the rest neutral. */
const STATUS_TONES: Record<TagStatus, string> = {
  uninitialized: "border-ink/20 text-stone",
  assigned: "border-ink/30 text-ink",
  locked: "border-gold/50 text-gold",
  active: "border-gold/50 text-gold",
  inactive: "border-danger/50 text-danger",
  lost: "border-danger/50 text-danger",
  stolen: "border-danger bg-danger/5 text-danger",
  released: "border-ink/30 text-ink",
};

export const ACTION_LABELS: Record<TagAction, string> = {
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  report_lost: "Report lost",
  report_stolen: "Report stolen",
  release: "Release",
};

/** The notice after a change. */
export const ACTION_DONE: Record<TagAction, string> = {
  deactivate: "Tag deactivated",
  reactivate: "Tag reactivated",
  report_lost: "Tag reported lost",
  report_stolen: "Tag reported stolen",
  release: "Tag released",
};

/** Spec part 2 §9: a tag UID shows its first 16 characters (the table cell's title has it whole). */
export const shortUid = (uid: string) => (uid.length > 16 ? `${uid.slice(0, 16)}…` : uid);

export function StatusBadge({ status }: { status: TagStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap border px-1.5 text-xs ${STATUS_TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
