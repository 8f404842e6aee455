import { describe, expect, it } from "vitest";
import { escapeHtml, renderMail, unsubscribeHeaders } from "./mail";

describe("the one mail layout", () => {
  const mail = renderMail("owner@example.com", "connection_alert", {
    subject: "A <b>bold</b> subject\r\nBcc: evil@example.com",
    paragraphs: ['Hello "Zoé" & <friends>'],
    items: [
      {
        heading: "<img src=x onerror=alert(1)>",
        lines: ["Left their email."],
        link: { label: "See", url: "https://r.test/c?q=a&b" },
      },
    ],
    action: { label: "Open", url: "https://r.test/dashboard" },
    links: [{ label: "Elsewhere", url: "javascript:alert(1)" }],
    footer: ["Why you get this."],
    unsubscribeUrl: "https://r.test/unsubscribe/abc",
  });

  it("escapes every value in the HTML and keeps it as typed in the text", () => {
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<friends>");
    expect(mail.html).toContain("Hello &quot;Zoé&quot; &amp; &lt;friends&gt;");
    expect(mail.html).toContain('href="https://r.test/c?q=a&amp;b"');
    expect(mail.text).toContain('Hello "Zoé" & <friends>');
    expect(mail.text).toContain("* <img src=x onerror=alert(1)>");
  });

  it("never links anything but http(s)", () => {
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.text).toContain("Elsewhere: javascript:alert(1)");
  });

  it("keeps a line break out of the subject (no header injection)", () => {
    expect(mail.subject).toBe("A <b>bold</b> subject Bcc: evil@example.com");
  });

  it("names the unsubscribe link in the RFC 8058 headers and in both bodies", () => {
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://r.test/unsubscribe/abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain("Unsubscribe: https://r.test/unsubscribe/abc");
    expect(mail.html).toContain('<a href="https://r.test/unsubscribe/abc"');
  });

  it("gives a mail without an unsubscribe link no list headers", () => {
    const plain = renderMail("a@b.test", "password_reset", { subject: "Reset", paragraphs: ["x"] });
    expect(plain.headers).toEqual({});
    expect(plain.text).toBe("x\n");
  });

  it("escapes the five characters and nothing else", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(unsubscribeHeaders("https://x.test/u/1\r\nX: y")["List-Unsubscribe"]).toBe("<https://x.test/u/1 X: y>");
  });
});
