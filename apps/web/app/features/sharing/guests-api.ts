import { AppError } from "@releve/core";
import { type CapturedGuest, GuestCaptureBodySchema } from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { activeBrandEventId } from "@releve/db/crm/queries";
import { clientForAttach, clientGarmentSlug } from "@releve/db/tags/queries";
import { captureGuest } from "@releve/verbs/sharing/take-contact";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody } from "../../api/validation";

/**
 * `/api/admin/guests`: the programmer's guest capture (spec part 2 §5). An admin at a brand
 * event records a guest for a client: a contact of that client with source 'nfc_tap', the
 * event, and the default consent; 'Contact Required' without an email or a phone (400).
 */
export const guestRoutes = new Hono<AdminEnv>();

guestRoutes.post("/", jsonBody(GuestCaptureBodySchema), async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  const client = await clientForAttach(db, input.client_id);
  if (!client?.user_id)
    throw new AppError("not_found", `${TAG_MESSAGES.profileNotFound}: no client has the id ${input.client_id}.`);
  const eventId = input.event_id === null ? null : await activeBrandEventId(db, input.event_id);
  if (input.event_id !== null && eventId === null) {
    throw new AppError("not_found", `No active event has the id ${input.event_id}.`);
  }
  const slug = input.garment_id === null ? null : await clientGarmentSlug(db, input.garment_id, client.user_id);
  if (input.garment_id !== null && slug === null) {
    throw new AppError("not_found", `The client has no garment with the id ${input.garment_id}.`);
  }
  const { contactId } = await captureGuest(c.get("effects"), {
    actor: actorOf(c),
    ownerUserId: client.user_id,
    eventId,
    garmentId: input.garment_id,
    tag: slug,
    guest: {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      phone: input.phone,
      notes: input.notes,
    },
  });
  const body: CapturedGuest = { contactId, message: TAG_MESSAGES.contactExchanged };
  return c.json(body, 201);
});
