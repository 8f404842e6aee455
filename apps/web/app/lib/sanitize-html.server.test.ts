import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "./sanitize-html.server";

describe("sanitizeArticleHtml (spec part 1 §5)", () => {
  it("removes <script> and its content, and tags outside the allow-list", () => {
    const out = sanitizeArticleHtml(
      '<p>Hello</p><script>alert("x")</script><iframe src="https://evil.example"></iframe><style>p{}</style><div>kept text</div>',
    );
    expect(out).toBe("<p>Hello</p>kept text");
  });

  it("drops event handlers and attributes outside the allow-list", () => {
    const out = sanitizeArticleHtml(
      '<p onclick="steal()" style="color:red" class="lead" title="t">x</p><img src="/a.jpg" alt="a" onerror="steal()" width="5">',
    );
    expect(out).toBe('<p class="lead" title="t">x</p><img src="/a.jpg" alt="a" />');
    expect(out).not.toMatch(/on(click|error)|style|width/);
  });

  it("refuses javascript:, data: and other unsafe URLs, in any disguise", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java&#09;script:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:x",
    ]) {
      const out = sanitizeArticleHtml(`<a href="${href}">link</a>`);
      expect(out, href).toBe("<a>link</a>");
    }
    expect(sanitizeArticleHtml('<img src="javascript:alert(1)" alt="x">')).toBe('<img alt="x" />');
  });

  it("keeps every allowed tag and the safe links", () => {
    const html =
      "<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6><p>p<br /><strong>s</strong><em>e</em><u>u</u></p>" +
      "<ol><li>1</li></ol><ul><li>2</li></ul><blockquote>q</blockquote>" +
      '<a href="https://releve.example/x" title="t">abs</a><a href="/blog">rel</a><a href="mailto:hi@releve.example">mail</a>' +
      '<img src="https://releve.example/i.jpg" alt="i" />';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });
});
