import type { CreateEventInput } from "@releve/core/crm/rules";
import { createEvent } from "@releve/db/crm/commands";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

/**
 * An owner adds one of their own events (/dashboard/events), active, with its owner_event.created
 * event naming it by id (never its name); the new event's id.
 */
export async function createOwnerEvent(
  effects: Effects,
  input: { userId: string; values: CreateEventInput },
): Promise<{ code: "created"; eventId: number }> {
  const event = domainEvent("owner_event.created", {
    actor: effects.actor,
    // The batch writes the new row's id here (eventAfterInsert).
    payload: { eventId: 0 },
    at: effects.now(),
  });
  const eventId = await createEvent(effects.db, input.userId, input.values, event);
  await publishEvents(effects, [event]);
  return { code: "created", eventId };
}
