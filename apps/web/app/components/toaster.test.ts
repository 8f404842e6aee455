import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_STYLE_HASH, SONNER_STYLE_HASH } from "../../workers/security-headers";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const sha256 = async (text: string) => {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
};

describe("the toaster under the shell's Content-Security-Policy", () => {
  it("injects exactly the stylesheets whose hashes the policy allows: empty first, then sonner's", async () => {
    // sonner appends its <style> to <head> as soon as it loads in a browser: record what the
    // browser would check, in order (the element's text each time it changes).
    const checked: string[] = [];
    let text = "";
    vi.stubGlobal("document", {
      head: { appendChild: () => checked.push(text) },
      getElementsByTagName: () => [],
      createElement: () => ({
        appendChild: (node: string) => {
          text += node;
          checked.push(text);
        },
      }),
      createTextNode: (node: string) => node,
    });
    await import("sonner");
    expect(checked).toHaveLength(2);
    expect(await sha256(checked[0] ?? "")).toBe(EMPTY_STYLE_HASH);
    expect(await sha256(checked[1] ?? ""), "sonner's stylesheet changed: update SONNER_STYLE_HASH").toBe(
      SONNER_STYLE_HASH,
    );
  });
});
