import { withdrawContactId, withdrawPath } from "@releve/core/sharing/withdraw";

/** The success screen's withdrawal link from its `w` parameter, only when the server signed it. */
export async function withdrawLinkFrom(env: { SESSION_SECRET: string }, url: URL): Promise<string | null> {
  const token = url.searchParams.get("w");
  return (await withdrawContactId(env.SESSION_SECRET, token)) === null ? null : withdrawPath(token ?? "");
}
