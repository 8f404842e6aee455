import { binding, parseEnv } from "@releve/core/platform/env";
import { z } from "zod";

export const ScanJobsEnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  DB: binding<D1Database>("DB"),
  SCANS_DLQ: binding<Queue>("SCANS_DLQ"),
});

export type ScanJobsEnv = z.infer<typeof ScanJobsEnvSchema>;

let validated: ScanJobsEnv | undefined;

export function getScanJobsEnv(env: unknown): ScanJobsEnv {
  validated ??= parseEnv(ScanJobsEnvSchema, env);
  return validated;
}
