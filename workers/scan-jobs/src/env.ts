import { binding, parseEnv } from "@releve/core/platform/env";
import type { EventMessage } from "@releve/core/platform/events";
import { z } from "zod";

const ScanJobsEnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]),
    // Signs the alerts' unsubscribe links (issue #33); the same value as the shell's.
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters (see .dev.vars.example)"),
    // The site's origin, for the links in alert mails: wrangler.jsonc "vars" holds a placeholder
    // until a deployment sets its own; `npm start` sets the local one (docs/deployment.md).
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin),
    EMAIL_FROM: z.string().min(3).default("Relevé <no-reply@releve.example.com>"),
    DB: binding<D1Database>("DB"),
    SCANS_DLQ: binding<Queue>("SCANS_DLQ"),
    // New-connection alerts (issue #33): the cron's sweep queues due owners here.
    ALERTS: binding<Queue>("ALERTS"),
    // The domain event log (issue #48): the sweep queues undelivered events here.
    EVENTS: binding<Queue<EventMessage>>("EVENTS"),
    // Photo objects left unreferenced by a change are deleted by an event's consumer.
    PHOTOS: binding<R2Bucket>("PHOTOS"),
    EMAIL: binding<SendEmail>("EMAIL").optional(),
  })
  .refine((env) => env.APP_ENV !== "production" || env.EMAIL !== undefined, {
    path: ["EMAIL"],
    message: "the send_email binding EMAIL is required in production",
  });

export type ScanJobsEnv = z.infer<typeof ScanJobsEnvSchema>;

let validated: ScanJobsEnv | undefined;

export function getScanJobsEnv(env: unknown): ScanJobsEnv {
  validated ??= parseEnv(ScanJobsEnvSchema, env);
  return validated;
}
