import { AppError } from "@releve/core";
import {
  type BrandEvent,
  BrandEventBodySchema,
  BrandEventIdParamSchema,
  BrandEventStatusBodySchema,
} from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { listBrandEvents } from "@releve/db/crm/queries";
import { createBrandEvent } from "@releve/verbs/crm/create-brand-event";
import { setBrandEventActive } from "@releve/verbs/crm/set-brand-event-active";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";

type EventRow = Awaited<ReturnType<typeof listBrandEvents>>[number];

const toEvent = (r: EventRow): BrandEvent => ({
  id: r.id,
  name: r.name,
  datetime: r.datetime?.getTime() ?? null,
  isActive: r.is_active,
  createdAt: r.created_at.getTime(),
});

/** `/api/admin/events`: the brand's events (the programmer's active-events selector), adding one, closing or reopening one. */
export const eventRoutes = new Hono<AdminEnv>();

eventRoutes.get("/", async (c) => {
  const events = (await listBrandEvents(c.get("db"))).map(toEvent);
  return c.json({ events });
});

eventRoutes.post("/", jsonBody(BrandEventBodySchema), async (c) => {
  const { row } = await createBrandEvent(c.get("effects"), { staff: actorOf(c), values: c.req.valid("json") });
  return c.json({ event: toEvent(row), message: TAG_MESSAGES.eventCreated }, 201);
});

/** Closes a brand event, or reopens it (issue #35): a closed event files no guest. Audited. */
eventRoutes.post(
  "/:id/status",
  validator("param", BrandEventIdParamSchema),
  jsonBody(BrandEventStatusBodySchema),
  async (c) => {
    const { id } = c.req.valid("param");
    const { is_active } = c.req.valid("json");
    const outcome = await setBrandEventActive(c.get("effects"), {
      staff: actorOf(c),
      brandEventId: id,
      active: is_active,
    });
    if (outcome.code === "not_found") throw new AppError("not_found", `No event has the id ${id}.`);
    return c.json({
      event: toEvent(outcome.row),
      message: is_active ? TAG_MESSAGES.eventOpened : TAG_MESSAGES.eventClosed,
    });
  },
);
