import { CHANNELS } from "@releve/core/sharing/channels";
import { publicProfile, type ShareableProfile, sharedChannels } from "@releve/core/sharing/share-visibility";
import ICAL from "ical.js";

/**
 * The URL suite's judgement of a share page and its vCard (issue #20 item 3), apart from the
 * fetching so it can be tested on its own: what the owner shares, by the one visibility rule
 * (share-visibility: the flag, a value, and a verified address for the email), must be on the
 * page; what they do not share must be nowhere in it.
 */

/** What D1 says the card is built from: the owner's whole profile (shared or not) and the garment's title. */
export type CardFacts = { profile: ShareableProfile; garmentTitle: string };
export type CardVerdict = { result: "pass" | "fail"; detail: string };
type Hidden = { label: string; value: string };

/** Every channel with a value the card must not show: not shared, or the email while unverified. */
export function hiddenChannels(profile: ShareableProfile): Hidden[] {
  const shared = sharedChannels(profile);
  const hidden: Hidden[] = [];
  for (const channel of CHANNELS) {
    const value = profile[channel.field];
    if (typeof value !== "string" || value.trim() === "" || shared.some((s) => s.kind === channel.kind)) continue;
    hidden.push({ label: channel.label, value });
  }
  return hidden;
}

/** React's escaping of text and attribute values, as the card is rendered. */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[ch] ?? ch,
  );

/**
 * What the card may show: an unshared value inside one of these (the name, the bio, a shared
 * link) cannot be told apart on the page, so it is not judged, and the detail says so.
 */
function visibleTexts({ profile, garmentTitle }: CardFacts) {
  const pub = publicProfile(profile);
  return [pub.name, pub.cityRegion, pub.bio, garmentTitle, ...pub.channels.flatMap((ch) => [ch.value, ch.href])].filter(
    (t): t is string => typeof t === "string" && t !== "",
  );
}

/** The hidden channels that can be judged, and those that cannot (part of what the card shows). */
function judgeable(facts: CardFacts) {
  const texts = visibleTexts(facts);
  const hidden = hiddenChannels(facts.profile);
  const overlaps = (h: Hidden) => texts.some((t) => t.includes(h.value));
  return { judged: hidden.filter((h) => !overlaps(h)), unjudged: hidden.filter(overlaps).map((h) => h.label) };
}

const list = (items: string[]) => (items.length ? items.join(", ") : "none");
const notJudged = (labels: string[]) =>
  labels.length ? ` Not judged (also part of what the card shows): ${list(labels)}.` : "";

/**
 * The share page's HTML: every shared channel's value is on it as the card renders it (escaped
 * text), and no unshared one is anywhere in the document (raw, HTML-escaped or JSON-escaped).
 */
export function judgeSharePage(path: string, html: string, facts: CardFacts): CardVerdict {
  const shared = sharedChannels(facts.profile);
  const { judged, unjudged } = judgeable(facts);
  const missing = shared.filter((ch) => !html.includes(escapeHtml(ch.value))).map((ch) => ch.label);
  const leaked = judged
    .filter((h) => [h.value, escapeHtml(h.value), JSON.stringify(h.value).slice(1, -1)].some((f) => html.includes(f)))
    .map((h) => h.label);
  const shown = list(shared.map((ch) => ch.label));
  const absent = list(judged.map((h) => h.label));
  if (leaked.length === 0 && missing.length === 0) {
    return {
      result: "pass",
      detail: `GET ${path}: 200; shows ${shown}; absent as unshared: ${absent}.${notJudged(unjudged)}`,
    };
  }
  const problems = [
    leaked.length ? `unshared but on the page: ${list(leaked)}` : "",
    missing.length ? `shared but not on the page: ${list(missing)}` : "",
  ].filter(Boolean);
  return {
    result: "fail",
    detail: `Expected GET ${path} to show ${shown} and none of ${absent}; got ${problems.join("; ")}.${notJudged(unjudged)}`,
  };
}

/** Every text a jCard property carries (structured values flattened). */
function jCardValues(props: unknown[]): string[] {
  return props
    .flatMap((p) => (Array.isArray(p) ? p.slice(3).flat(2) : []))
    .filter((v): v is string => typeof v === "string");
}

/** The vCard: it parses with ical.js as one vCard, has a non-empty FN, and carries no unshared value. */
export function judgeVCard(path: string, text: string, facts: CardFacts): CardVerdict {
  let props: unknown[];
  try {
    const parsed: unknown = ICAL.parse(text);
    if (!Array.isArray(parsed) || parsed[0] !== "vcard" || !Array.isArray(parsed[1])) {
      return { result: "fail", detail: `Expected GET ${path} to be one vCard; it parsed as something else.` };
    }
    props = parsed[1];
  } catch (error) {
    return {
      result: "fail",
      detail: `Expected GET ${path} to parse as a vCard; ical.js says: ${(error as Error).message}.`,
    };
  }
  const fn = props.find((p): p is unknown[] => Array.isArray(p) && p[0] === "fn");
  if (typeof fn?.[3] !== "string" || fn[3].trim() === "") {
    return { result: "fail", detail: `Expected GET ${path} to carry FN (the name); it has none.` };
  }
  const values = jCardValues(props);
  const { judged, unjudged } = judgeable(facts);
  const leaked = judged.filter((h) => values.some((v) => v.includes(h.value))).map((h) => h.label);
  if (leaked.length) {
    return {
      result: "fail",
      detail: `Expected no unshared value in GET ${path}; got ${list(leaked)}.${notJudged(unjudged)}`,
    };
  }
  return {
    result: "pass",
    detail: `Parsed with ical.js: FN present, ${props.length} properties; none of the unshared (${list(judged.map((h) => h.label))}) in it.${notJudged(unjudged)}`,
  };
}
