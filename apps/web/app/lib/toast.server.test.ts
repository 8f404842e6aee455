import { describe, expect, it } from "vitest";
import type { WebEnv } from "../env.server";
import { getToast, redirectWithToast } from "./toast.server";

const env = { APP_ENV: "test", SESSION_SECRET: "x".repeat(40) } as WebEnv;
const post = (url = "https://releve.test/") => new Request(url, { method: "POST" });

function cookieFrom(res: Response): string {
  const set = res.headers.get("Set-Cookie") ?? "";
  return set.split(";")[0] ?? "";
}

describe("flash-cookie toasts", () => {
  it("carry a toast across a redirect and clear it once read", async () => {
    const res = await redirectWithToast(env, post(), "/dashboard", {
      type: "success",
      title: "Logged out successfully",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const request = new Request("http://x/dashboard", { headers: { Cookie: cookieFrom(res) } });
    const { toast, headers } = await getToast(request, env);
    expect(toast).toMatchObject({ type: "success", title: "Logged out successfully" });
    expect(headers.get("Set-Cookie")).toMatch(/releve_toast=;.*Max-Age=0/i);
  });

  it("read as no toast when the cookie was tampered with or signed with another secret", async () => {
    const res = await redirectWithToast(env, post(), "/", { title: "Hello" });
    const other = { ...env, SESSION_SECRET: "y".repeat(40) } as WebEnv;
    const request = new Request("http://x/", { headers: { Cookie: cookieFrom(res) } });
    expect((await getToast(request, other)).toast).toBeNull();
    const forged = new Request("http://x/", { headers: { Cookie: "releve_toast=eyJ0aXRsZSI6IkhpIn0%3D.bad" } });
    expect((await getToast(forged, env)).toast).toBeNull();
  });

  it("mark the cookie Secure everywhere but plain-http localhost, like every other cookie", async () => {
    const prod = await redirectWithToast({ ...env, APP_ENV: "production" }, post(), "/", { title: "Hi" });
    expect(prod.headers.get("Set-Cookie")).toMatch(/Secure/);
    const local = await redirectWithToast(env, post("http://localhost:4173/"), "/", { title: "Hi" });
    expect(local.headers.get("Set-Cookie")).not.toMatch(/Secure/);
  });
});
