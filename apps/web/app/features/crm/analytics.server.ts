import { CHART_DAYS, conversionRate, TOP_WINDOW_DAYS } from "@releve/core/crm/rules";
import type { Db } from "@releve/db";
import { ownerAnalytics, utcDay } from "@releve/db/crm/queries";

const DAY_MS = 86_400_000;

export type WindowKey = "today" | "week" | "month" | "all";
/** The figures' windows, in the page's order (their names are the page's words). */
export const WINDOWS: WindowKey[] = ["today", "week", "month", "all"];

/** @public The dashboard route's loader returns it: its type must be nameable where the route is. */
export interface WindowFigures {
  scans: number;
  /** Taps by anyone but the owner: the people a garment can convert. */
  visitorScans: number;
  /** Contacts through a tap: what conversion counts (TAPPED_CONTACT_SOURCES). */
  contacts: number;
  /** Contacts that came another way (a contact card, a share link, a guest capture): shown apart. */
  otherContacts: number;
  conversion: number | null;
}

export interface ConversionRow {
  id: number;
  name: string;
  visitorScans: number;
  contacts: number;
  otherContacts: number;
  conversion: number | null;
}

export interface Analytics {
  windows: Record<WindowKey, WindowFigures>;
  scansByDay: Array<{ day: string; scans: number }>;
  garments: ConversionRow[];
  events: ConversionRow[];
  cities: Array<{ label: string; scans: number }>;
  browsers: Array<{ label: string; scans: number }>;
}

export { utcDay };

/** Every UTC day from `from` to `to` (inclusive), with 0 where the rollups have no row. */
export function fillDays(rows: Array<{ day: string; scans: number }>, from: string, to: string) {
  const byDay = new Map(rows.map((r) => [r.day, r.scans]));
  const out: Array<{ day: string; scans: number }> = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = utcDay(t);
    out.push({ day, scans: byDay.get(day) ?? 0 });
  }
  return out;
}

/** /dashboard/analytics: the figures of ONE D1 batch (ownerAnalytics), shaped for the page. */
export async function loadAnalytics(db: Db, userId: string, now = Date.now()): Promise<Analytics> {
  const daysBack = (days: number) => utcDay(now - days * DAY_MS);
  const { totals, byDay, conversion, top } = await ownerAnalytics(db, userId, {
    now,
    chartFrom: daysBack(CHART_DAYS - 1),
    topFrom: daysBack(TOP_WINDOW_DAYS - 1),
  });
  const windows = {} as Record<WindowKey, WindowFigures>;
  for (const key of WINDOWS) {
    const scans = totals?.[`${key}_scans`] ?? 0;
    const visitorScans = totals?.[`${key}_visitor`] ?? 0;
    const contacts = totals?.[`${key}_contacts`] ?? 0;
    const otherContacts = totals?.[`${key}_other_contacts`] ?? 0;
    windows[key] = { scans, visitorScans, contacts, otherContacts, conversion: conversionRate(contacts, visitorScans) };
  }
  const toRow = (r: (typeof conversion)[number]): ConversionRow => ({
    id: r.id,
    name: r.name,
    visitorScans: r.visitor_scans,
    contacts: r.contacts,
    otherContacts: r.other_contacts,
    conversion: conversionRate(r.contacts, r.visitor_scans),
  });
  const byMost = (a: ConversionRow, b: ConversionRow) => b.contacts - a.contacts || b.visitorScans - a.visitorScans;
  return {
    windows,
    scansByDay: fillDays(
      byDay.map((d) => ({ day: d.key, scans: d.all_scans })),
      daysBack(CHART_DAYS - 1),
      utcDay(now),
    ),
    garments: conversion
      .filter((r) => r.kind === "garment")
      .map(toRow)
      .sort(byMost),
    events: conversion
      .filter((r) => r.kind === "event")
      .map(toRow)
      .sort(byMost),
    cities: top.filter((r) => r.kind === "city").map(({ label, scans }) => ({ label, scans })),
    browsers: top.filter((r) => r.kind === "browser").map(({ label, scans }) => ({ label, scans })),
  };
}
