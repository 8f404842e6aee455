import sanitize from "sanitize-html";

/**
 * Spec part 1 §5: blog HTML keeps only these tags and attributes, with safe URI schemes.
 * sanitize-html parses with htmlparser2 (no DOM), so it runs on Workers as well as in Node.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "u",
    "ol",
    "ul",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "a",
    "img",
  ],
  allowedAttributes: { "*": ["class", "title"], a: ["href"], img: ["src", "alt"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizeArticleHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
