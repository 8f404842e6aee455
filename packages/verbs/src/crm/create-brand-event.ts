import { createBrandEvent as addBrandEvent } from "@releve/db/crm/commands";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

type BrandEventRow = Awaited<ReturnType<typeof addBrandEvent>>;

/** Staff add a brand event (issue #35): audited, with its brand_event.created event; the stored row. */
export async function createBrandEvent(
  effects: Effects,
  input: { staff: Staff; values: { name: string; datetime: Date | null; is_active: boolean } },
): Promise<{ code: "created"; row: BrandEventRow }> {
  const event = domainEvent("brand_event.created", {
    actor: effects.actor,
    payload: { brandEventId: 0 },
    at: effects.now(),
  });
  const row = await addBrandEvent(effects.db, input.staff, input.values, event);
  await publishEvents(effects, [event]);
  return { code: "created", row };
}
