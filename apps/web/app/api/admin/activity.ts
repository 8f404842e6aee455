import { AppError } from "@releve/core";
import {
  type DeadLetter,
  EVENT_LOG_PAGE,
  EventIdSchema,
  type EventLogEntry,
  type EventLogPage,
} from "@releve/core/platform/admin-api";
import { listDeadLetters, listEvents } from "@releve/db/platform/events";
import { reviveDeadLetter } from "@releve/verbs/events/revive-dead-letter";
import { Hono } from "hono";
import { z } from "zod";
import { validator } from "../validation";
import type { AdminEnv } from "./admin-env";

/**
 * `/api/admin/activity`: the domain event log (issue #48), newest first, EVENT_LOG_PAGE at a
 * time (keyset by event id); what happened to which piece, by which kind of actor, and whether
 * its consumers have all run. No personal data: the log holds none to show.
 */
export const activityRoutes = new Hono<AdminEnv>();

activityRoutes.get("/", validator("query", z.object({ before: EventIdSchema.optional() })), async (c) => {
  const { before } = c.req.valid("query");
  const rows = await listEvents(c.get("db"), { limit: EVENT_LOG_PAGE + 1, ...(before ? { before } : {}) });
  const events: EventLogEntry[] = rows.slice(0, EVENT_LOG_PAGE).map((row) => ({
    id: row.id,
    type: row.type,
    garmentId: row.garmentId,
    productId: row.productId,
    tagId: row.tagId,
    actorKind: row.actorKind,
    at: row.at.getTime(),
    delivered: row.deliveredAt !== null,
  }));
  const page: EventLogPage = {
    events,
    nextCursor: rows.length > EVENT_LOG_PAGE ? (events.at(-1)?.id ?? null) : null,
  };
  return c.json(page);
});

/** `/api/admin/dead-letters`: what the event consumers gave up on; `POST /:eventId/retry` sends one again. */
export const deadLetterRoutes = new Hono<AdminEnv>();

const DEAD_LETTER_LIMIT = 100;

deadLetterRoutes.get("/", async (c) => {
  const rows = await listDeadLetters(c.get("db"), DEAD_LETTER_LIMIT);
  const letters: DeadLetter[] = rows.map((row) => ({
    eventId: row.eventId,
    type: row.type,
    occurredAt: row.occurredAt.getTime(),
    consumer: row.consumer,
    attempts: row.attempts,
    lastError: row.lastError,
    deadAt: row.deadAt?.getTime() ?? 0,
  }));
  return c.json({ letters });
});

deadLetterRoutes.post("/:eventId/retry", validator("param", z.object({ eventId: EventIdSchema })), async (c) => {
  const outcome = await reviveDeadLetter(c.get("effects"), c.req.valid("param").eventId);
  if (outcome.code === "not_dead") throw new AppError("not_found", "No dead letter has this event id.");
  return c.json({ queued: outcome.consumers, message: "Sent again." });
});
