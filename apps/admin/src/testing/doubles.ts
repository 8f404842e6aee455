/**
 * Test doubles for the portal's unit tests (never imported by the portal itself): the browser's
 * `fetch` answered by a function and every request it was sent, and a hook run once inside a
 * QueryClientProvider so its mutations can be driven without a DOM.
 */
import type { AdminTag } from "@releve/core/tags/contracts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { vi } from "vitest";

/** One request as the stubbed `fetch` received it; `body` is the parsed JSON body, if any. */
export type SentRequest = {
  url: string;
  method: string;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  body: unknown;
};

/** A JSON answer, as the admin API sends one. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Replaces the global `fetch` (undo with `vi.unstubAllGlobals()`): each request is recorded and
 * answered by `answer`; an Error it returns is thrown, as a network failure is.
 */
export function stubFetch(answer: (request: SentRequest) => Response | Error): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const request: SentRequest = {
      url,
      method: init.method ?? "GET",
      credentials: init.credentials,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const answered = answer(request);
    if (answered instanceof Error) throw answered;
    return answered;
  });
  return sent;
}

/** A hook's value from one server render inside `client`'s provider: its mutations then run for real. */
export function runHook<T>(client: QueryClient, hook: () => T): T {
  let value: { current: T } | null = null;
  function Probe() {
    value = { current: hook() };
    return null;
  }
  renderToStaticMarkup(createElement(QueryClientProvider, { client }, createElement(Probe)));
  if (value === null) throw new Error("The hook did not run.");
  return (value as { current: T }).current;
}

type ProgressListener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** The parts of an XMLHttpRequest `uploadImage` uses, driven by the test. */
export class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  responseType = "";
  body: unknown = null;
  status = 0;
  response: unknown = null;
  upload: { onprogress: ProgressListener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(private readonly respond: (xhr: FakeXhr) => void) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    this.respond(this);
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }

  /** The server answers `status` with `response` (the JSON as parsed, or null). */
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }

  /** The request never reached the server. */
  fail() {
    this.onerror?.();
  }
}

/** Replaces the global XMLHttpRequest (undo with `vi.unstubAllGlobals()`); `respond` answers each one sent. */
export function stubXhr(respond: (xhr: FakeXhr) => void): FakeXhr[] {
  const sent: FakeXhr[] = [];
  vi.stubGlobal(
    "XMLHttpRequest",
    class extends FakeXhr {
      constructor() {
        super((xhr) => {
          sent.push(xhr);
          respond(xhr);
        });
      }
    },
  );
  return sent;
}

/** A tag as the registry answers one: a written, working tag on an unclaimed garment, unless `over` says otherwise. */
export const adminTag = (over: Partial<AdminTag> = {}): AdminTag => ({
  id: 31,
  chipId: "RLV-000031",
  signature: null,
  uid: "04A23B4C5D6E7F",
  tagType: "NTAG213",
  status: "active",
  batch: { id: 2, name: "Spring 2026" },
  garment: {
    id: 12,
    title: "Cashmere Gown",
    type: "Dress",
    size: "M",
    color: "Ivory",
    sku: "CG-12",
    slug: "cg-003",
    url: "https://releve.test/t/cg-003",
    status: "unclaimed",
    isActive: true,
  },
  owner: null,
  writeError: null,
  lockedAt: null,
  secure: null,
  programmedAt: 1_700_000_000_000,
  createdAt: 1_690_000_000_000,
  updatedAt: 1_700_000_000_000,
  ...over,
});
