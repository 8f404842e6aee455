import { zValidator } from "@hono/zod-validator";
import { AppError } from "@releve/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorBody } from "./errors";
import { badRequest, jsonBody } from "./validation";

const app = new Hono()
  .post(
    "/items/:id",
    zValidator("param", z.object({ id: z.coerce.number().int("The id must be a whole number.") }), badRequest),
    jsonBody(z.object({ name: z.string().min(1, "Name is required.") })),
    (c) => c.json({ id: c.req.valid("param").id, name: c.req.valid("json").name }),
  )
  .post("/scans", jsonBody(z.object({ slug: z.string() }), "Invalid scan."), (c) => c.json(c.req.valid("json")))
  .onError((err, c) => (err instanceof AppError ? c.json(errorBody(err, "req-1"), err.status) : c.text("bug", 500)));

const post = (path: string, body: string, contentType = "application/json") =>
  app.request(path, { method: "POST", headers: { "Content-Type": contentType }, body });

describe("the API's validation", () => {
  it("passes valid input through, parsed", async () => {
    const res = await post("/items/3", JSON.stringify({ name: "Coat" }));
    expect(await res.json()).toEqual({ id: 3, name: "Coat" });
  });

  it("refuses a bad field with its message and the field errors", async () => {
    const res = await post("/items/3", JSON.stringify({ name: "" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: "bad_request",
        message: "Name is required.",
        requestId: "req-1",
        details: { name: ["Name is required."] },
      },
    });
  });

  it("refuses a bad path parameter with its message and no field details", async () => {
    const res = await post("/items/1.5", JSON.stringify({ name: "Coat" }));
    expect(await res.json()).toMatchObject({ error: { message: "The id must be a whole number.", details: {} } });
  });

  it.each([
    ["malformed JSON", "{name", "application/json"],
    ["a body not declared as JSON", JSON.stringify({ name: "Coat" }), "text/plain"],
  ])("refuses %s with one message, before any field", async (_label, body, contentType) => {
    const res = await post("/items/3", body, contentType);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: "The request body must be JSON.", requestId: "req-1" },
    });
  });

  it("uses a route's own message when it gives one, keeping the field errors", async () => {
    const res = await post("/scans", JSON.stringify({ slug: 4 }));
    expect(await res.json()).toMatchObject({
      error: { message: "Invalid scan.", details: { slug: [expect.any(String)] } },
    });
  });

  // Issue #28: the catch-all behind the per-field text rule, for a string no text() field reads.
  it.each([
    ["a field", '{"name":"Co\\ud800at"}', "name"],
    ["a nested value", '{"name":"Coat","tags":["ok",{"x":"\\udfff"}]}', "tags.1.x"],
    ["a key", '{"name":"Coat","\\udc00k":1}', "\ufffdk"],
  ])("refuses a lone surrogate in %s with 400 naming it, before the handler", async (_label, body, field) => {
    const res = await post("/items/3", body);
    expect(res.status).toBe(400);
    const said = `The field "${field}" is not valid text: it contains a lone UTF-16 surrogate.`;
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: said, requestId: "req-1", details: { [field]: [said] } },
    });
  });

  it("keeps a route's own message for a lone surrogate, naming the field in the details", async () => {
    const res = await post("/scans", '{"slug":"\\ud83d"}');
    expect(await res.json()).toMatchObject({
      error: { message: "Invalid scan.", details: { slug: [expect.any(String)] } },
    });
  });

  it("passes well-formed pairs (an emoji) through", async () => {
    const res = await post("/items/3", '{"name":"\\ud83d\\udc57"}');
    expect(await res.json()).toEqual({ id: 3, name: "👗" });
  });
});
