import { binding, parseEnv } from "@releve/core/env";
import { z } from "zod";

export const TapEnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]),
  DB: binding<D1Database>("DB"),
  TAP_KV: binding<KVNamespace>("TAP_KV"),
  SCANS: binding<Queue>("SCANS"),
});

export type TapEnv = z.infer<typeof TapEnvSchema>;

let validated: TapEnv | undefined;

export function getTapEnv(env: unknown): TapEnv {
  validated ??= parseEnv(TapEnvSchema, env);
  return validated;
}
