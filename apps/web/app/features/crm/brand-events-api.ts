import { type BrandEvent, BrandEventBodySchema } from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { createBrandEvent } from "@releve/db/crm/commands";
import { listBrandEvents } from "@releve/db/crm/queries";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody } from "../../api/validation";

type EventRow = Awaited<ReturnType<typeof listBrandEvents>>[number];

const toEvent = (r: EventRow): BrandEvent => ({
  id: r.id,
  name: r.name,
  datetime: r.datetime?.getTime() ?? null,
  isActive: r.is_active,
  createdAt: r.created_at.getTime(),
});

/** `/api/admin/events`: the brand's events (the programmer's active-events selector), and adding one. */
export const eventRoutes = new Hono<AdminEnv>();

eventRoutes.get("/", async (c) => {
  const events = (await listBrandEvents(c.get("db"))).map(toEvent);
  return c.json({ events });
});

eventRoutes.post("/", jsonBody(BrandEventBodySchema), async (c) => {
  const row = await createBrandEvent(c.get("db"), actorOf(c), c.req.valid("json"));
  return c.json({ event: toEvent(row), message: TAG_MESSAGES.eventCreated }, 201);
});
