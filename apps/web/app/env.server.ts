import { TEST_GS1_COMPANY_PREFIX } from "@releve/core/passport/gtin";
import { binding, parseEnv } from "@releve/core/platform/env";
import type { EventMessage } from "@releve/core/platform/events";
import { isBrandContactEmail } from "@releve/core/tap/rules";
import type { TapControlLike, TapStores } from "@releve/db/tap/cache";
import { z } from "zod";

const WebEnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters (see .dev.vars.example)"),
    // Keys chip-id signatures and encrypted chip ids (packages/core/src/tags/chip-id.ts); shell only.
    CHIP_SECRET: z.string().min(32, "must be at least 32 characters (see .dev.vars.example)"),
    EMAIL_FROM: z.string().min(3).default("Relevé <no-reply@releve.example.com>"),
    // The brand's address on the missing-garment pages and for help (issue #35): wrangler.jsonc
    // "vars" holds a placeholder until a deployment sets its own (docs/deployment.md).
    BRAND_CONTACT_EMAIL: z.string().refine(isBrandContactEmail, "must be one email address, e.g. care@example.com"),
    // The brand's GS1 Company Prefix (issue #31): its new products' GTINs are numbered under it.
    // The default is GS1's demonstration range, a TEST value (docs/passport.md).
    GS1_COMPANY_PREFIX: z
      .string()
      .regex(/^\d{6,12}$/, "must be the 6 to 12 digits of a GS1 Company Prefix")
      .default(TEST_GS1_COMPANY_PREFIX),
    DB: binding<D1Database>("DB"),
    TAP_KV: binding<KVNamespace>("TAP_KV"),
    SCANS: binding<Queue>("SCANS"),
    // New-connection alerts (issue #33): the scan-jobs worker consumes and mails.
    ALERTS: binding<Queue>("ALERTS"),
    // The domain event log's deliveries (issue #48): the scan-jobs worker consumes.
    EVENTS: binding<Queue<EventMessage>>("EVENTS"),
    // Garment photos (issue #19).
    PHOTOS: binding<R2Bucket>("PHOTOS"),
    TAP: binding<Fetcher>("TAP"),
    TAP_CONTROL: binding<TapControlLike>("TAP_CONTROL"),
    EMAIL: binding<SendEmail>("EMAIL").optional(),
  })
  .refine((env) => env.APP_ENV !== "production" || env.EMAIL !== undefined, {
    path: ["EMAIL"],
    message: "the send_email binding EMAIL is required in production",
  });

export type WebEnv = z.infer<typeof WebEnvSchema>;

let validated: WebEnv | undefined;

/** Validates once per isolate: a missing variable fails every request, naming it. */
export function getWebEnv(env: unknown): WebEnv {
  validated ??= parseEnv(WebEnvSchema, env);
  return validated;
}

/** The stores every command that keeps the tap true needs: D1, the KV record and the tap worker's memo. */
export const tapStores = (env: WebEnv): TapStores & { DB: D1Database; TAP_KV: KVNamespace } => ({
  DB: env.DB,
  TAP_KV: env.TAP_KV,
  TAP_CONTROL: env.TAP_CONTROL,
});
