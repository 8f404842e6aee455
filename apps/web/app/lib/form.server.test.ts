import { describe, expect, it } from "vitest";
import {
  ECHO_MAX,
  FORM_MAX_BYTES,
  FORM_MAX_FIELDS,
  FORM_MESSAGES,
  type ReadFormOptions,
  readForm,
} from "./form.server";

const post = (body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
  });
const form = (body: string) => post(body, "application/x-www-form-urlencoded");

/** The status and message readForm refused with (it throws react-router's `data()`). */
async function refusal(request: Request, options?: ReadFormOptions) {
  try {
    await readForm(request, options);
  } catch (error) {
    const thrown = error as { init?: { status?: number }; data?: unknown };
    return { status: thrown.init?.status, message: thrown.data };
  }
  throw new Error("readForm accepted it");
}

function multipart(parts: Array<{ name: string; value: string; filename?: string }>, boundary = "XyZ") {
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}\r\n\r\n${p.value}\r\n`,
    )
    .join("");
  return post(`${body}--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`);
}

describe("readForm", () => {
  it("reads a url-encoded form as one text value per field", async () => {
    const input = await readForm(form("email=a%40b.example&first_name=Ana+Lu%C3%ADsa&empty="));
    expect(input.get("email")).toBe("a@b.example");
    expect(input.get("first_name")).toBe("Ana Luísa");
    expect(input.get("empty")).toBe("");
    expect(input.get("missing")).toBe("");
    expect(input.optional("missing")).toBeUndefined();
    expect(input.record()).toEqual({ email: "a@b.example", first_name: "Ana Luísa", empty: "" });
  });

  it("reads a multipart form, with a UTF-8 charset or none", async () => {
    const input = await readForm(multipart([{ name: "name", value: "Zoë" }]));
    expect(input.get("name")).toBe("Zoë");
    const utf8 = await readForm(post("a=1", "application/x-www-form-urlencoded; charset=UTF-8"));
    expect(utf8.get("a")).toBe("1");
  });

  it.each([
    ["no body at all", post(null)],
    ["JSON", post('{"email":"a@b.example"}', "application/json")],
    ["a JSON array", post("[1,2]", "application/json")],
    ["text/plain", post("email=a@b.example", "text/plain")],
    ["UTF-16", post("a=1", "application/x-www-form-urlencoded; charset=utf-16")],
    ["latin-1", post("a=1", "application/x-www-form-urlencoded; charset=iso-8859-1")],
    ["no type, a body", post("a=1")],
  ])("answers 415 to %s", async (_label, request) => {
    expect(await refusal(request)).toEqual({ status: 415, message: FORM_MESSAGES.notForm });
  });

  it.each([
    ["a multipart body with another boundary", post("--a\r\n\r\n--a--", "multipart/form-data; boundary=b")],
    ["a multipart type with no boundary", post("--a--", "multipart/form-data")],
    [
      "a truncated multipart body",
      post('--b\r\nContent-Disposition: form-data; name="x"\r\n', "multipart/form-data; boundary=b"),
    ],
  ])("answers 400 to %s", async (_label, request) => {
    expect(await refusal(request)).toEqual({ status: 400, message: FORM_MESSAGES.malformed });
  });

  it.each([
    ["raw invalid UTF-8", post(new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), "application/x-www-form-urlencoded")],
    ["an escaped invalid byte", form("a=%FF")],
    ["an escaped lone surrogate", form("a=%ED%A0%80")],
    ["a broken escape", form("a=%zz")],
    ["a cut escape", form("a=%E2%82")],
  ])("answers 400 to %s", async (_label, request) => {
    expect(await refusal(request)).toEqual({ status: 400, message: FORM_MESSAGES.notUtf8 });
  });

  it("answers 413 past the cap, by Content-Length or by what arrives", async () => {
    const big = `notes=${"a".repeat(FORM_MAX_BYTES)}`;
    expect((await refusal(form(big))).status).toBe(413);
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("a".repeat(FORM_MAX_BYTES / 4)));
        controller.close();
      },
    });
    const chunked = new Request("http://localhost/x", {
      method: "POST",
      body: streamed,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(chunked)).toEqual({ status: 413, message: FORM_MESSAGES.tooLarge });
    expect((await readForm(form(`notes=${"a".repeat(FORM_MAX_BYTES - 6)}`))).get("notes")).toHaveLength(
      FORM_MAX_BYTES - 6,
    );
  });

  it("refuses a field sent twice, unless the page sends it twice on purpose", async () => {
    expect(await refusal(form("website_url=spam&website_url="))).toEqual({
      status: 400,
      message: FORM_MESSAGES.repeated("website_url"),
    });
    expect(
      (
        await refusal(
          multipart([
            { name: "a", value: "1" },
            { name: "a", value: "2" },
          ]),
        )
      ).status,
    ).toBe(400);
    const consent = await readForm(form("consent=false&consent=true"), { repeatable: ["consent"] });
    expect(consent.get("consent")).toBe("true");
    expect(consent.all("consent")).toEqual(["false", "true"]);
  });

  it("sees a honeypot filled in any of its values", async () => {
    const input = await readForm(form("hp=bot&hp="), { repeatable: ["hp"] });
    expect(input.get("hp")).toBe("");
    expect(input.filled("hp")).toBe(true);
    expect((await readForm(form("hp="))).filled("hp")).toBe(false);
    expect((await readForm(form(""))).filled("hp")).toBe(false);
  });

  it("refuses a file where text is expected, a NUL, and too many fields", async () => {
    expect(await refusal(multipart([{ name: "avatar", value: "GIF89a", filename: "a.gif" }]))).toEqual({
      status: 400,
      message: FORM_MESSAGES.notText("avatar"),
    });
    expect(await refusal(form("a=x%00y"))).toEqual({ status: 400, message: FORM_MESSAGES.nul });
    const many = Array.from({ length: FORM_MAX_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&");
    expect(await refusal(form(many))).toEqual({ status: 400, message: FORM_MESSAGES.tooManyFields });
  });

  it("reads an empty sign-out post as an empty form only when asked to", async () => {
    expect((await readForm(post(null), { allowEmpty: true })).record()).toEqual({});
    expect((await refusal(post("x", "text/plain"), { allowEmpty: true })).status).toBe(415);
    expect((await readForm(form(""))).record()).toEqual({});
  });

  it("echoes only the named fields, each cut to its cap", async () => {
    const input = await readForm(form(`email=${"e".repeat(2000)}&notes=${"n".repeat(5000)}&extra=x`));
    expect(input.echo(["email", "notes", "absent"], ECHO_MAX, { notes: 4096 })).toEqual({
      email: "e".repeat(ECHO_MAX),
      notes: "n".repeat(4096),
    });
  });
});
