import { z } from "zod";

export class EnvError extends Error {
  readonly missing: string[];
  constructor(issues: string[], missing: string[]) {
    super(`Invalid environment: ${issues.join("; ")}`);
    this.name = "EnvError";
    this.missing = missing;
  }
}

/** A binding is present when the runtime put an object there; its shape is the runtime's business. */
export const binding = <T>(name: string) =>
  z.custom<T>((value) => typeof value === "object" && value !== null, { message: `binding ${name} is missing` });

/** Validates a worker's env once; a missing or malformed variable fails loudly, naming it. */
export function parseEnv<S extends z.ZodType>(schema: S, env: unknown): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const missing: string[] = [];
  const issues = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "(env)";
    if (issue.code === "invalid_type" && issue.input === undefined) missing.push(name);
    return `${name}: ${issue.message}`;
  });
  throw new EnvError(issues, missing);
}
