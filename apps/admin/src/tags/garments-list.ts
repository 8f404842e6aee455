import type { AdminGarment, GarmentFilter } from "@releve/core/tags/contracts";

/** 'Show': the claimed garments (the tab's purpose), or every one (to reassign a stock piece). */
export const GARMENT_SHOW_OPTIONS: readonly (readonly [GarmentFilter, string])[] = [
  ["claimed", "Claimed garments"],
  ["all", "All garments"],
];

/** What the list says when it has no garment: for the search made, or for the filter. */
export function garmentsEmptyText(search: string, show: GarmentFilter): string {
  if (search) return `No ${show === "claimed" ? "claimed " : ""}garment matches “${search}”.`;
  return show === "claimed" ? "No garment has been claimed yet." : "No garments yet.";
}

/** A garment's brand and type, as far as known. */
export const garmentKind = (g: Pick<AdminGarment, "brand" | "garmentType">) =>
  [g.brand, g.garmentType].filter(Boolean).join(" · ") || "—";

/** A GS1 Digital Link as the list shows it: its path (`/01/<GTIN>/21/<serial>`). */
export const digitalLinkPath = (link: string) => new URL(link).pathname;

/** The notice once a garment's status is toggled: what it became. */
export const statusToggledTitle = (before: Pick<AdminGarment, "isActive">) =>
  before.isActive ? "Garment deactivated" : "Garment activated";
