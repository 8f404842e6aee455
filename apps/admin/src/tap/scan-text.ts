import type { ScanHistoryRow } from "@releve/core/tap/contracts";
import { SUSPECT_REASON_TEXT } from "@releve/core/tap/secure-tap";

/** The garment tapped: its name and brand, else the slug tapped (a slug that names none), else '—'. */
export const scanGarment = (s: Pick<ScanHistoryRow, "garment" | "slug">) =>
  s.garment ? `${s.garment.name}${s.garment.brand ? ` · ${s.garment.brand}` : ""}` : (s.slug ?? "—");

/** Where the tap was: city and country as far as known, else `unknown`. */
export const scanPlace = (s: Pick<ScanHistoryRow, "city" | "country">, unknown: string) =>
  [s.city, s.country].filter(Boolean).join(", ") || unknown;

/** Why a secure garment's tap was refused, in words; `fallback` when the reason is not recorded. */
export const suspectText = (reason: ScanHistoryRow["suspectReason"], fallback: string) =>
  reason ? SUSPECT_REASON_TEXT[reason] : fallback;
