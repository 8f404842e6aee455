import { setBrandEventActive as openOrClose } from "@releve/db/crm/commands";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

type BrandEventRow = NonNullable<Awaited<ReturnType<typeof openOrClose>>>;

export type SetBrandEventActiveOutcome = { code: "set"; row: BrandEventRow } | { code: "not_found" };

/**
 * Staff close a brand event (it files no guest) or reopen it (issue #35): audited, with its
 * brand_event.active_changed event; an unknown id changes and records nothing.
 */
export async function setBrandEventActive(
  effects: Effects,
  input: { staff: Staff; brandEventId: number; active: boolean },
): Promise<SetBrandEventActiveOutcome> {
  const event = domainEvent("brand_event.active_changed", {
    actor: effects.actor,
    payload: { brandEventId: input.brandEventId, active: input.active },
    at: effects.now(),
  });
  const row = await openOrClose(effects.db, input.staff, input.brandEventId, input.active, event);
  if (!row) return { code: "not_found" };
  await publishEvents(effects, [event]);
  return { code: "set", row };
}
