import { m } from "@releve/i18n/messages";
import { Button } from "@releve/ui";
import { useEffect, useState } from "react";

const SAVED_KEY = "releve:saved-articles";

function readSaved(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** What the actions say, in the page's language. */
function words() {
  return {
    save: m.site_article_save(),
    saved: m.site_article_saved(),
    copied: m.site_article_link_copied(),
    copyFailed: m.ui_copy_failed(),
    unsaved: m.site_article_unsaved(),
    savedHere: m.site_article_saved_here(),
    refused: m.site_article_save_refused(),
  };
}

/**
 * The same behaviour for the article sent as a plain page (decision 0020), where React never
 * runs: the route's handle carries this inline script, which wires every `[data-article-actions]`
 * box. The script is one for every language: it says the words its box carries (`data-words`,
 * rendered in the page's language). Kept in step with the component below by the article
 * end-to-end test.
 */
export const ARTICLE_ACTIONS_SCRIPT = `(function () {
  var KEY = ${JSON.stringify(SAVED_KEY)};
  var boxes = document.querySelectorAll("[data-article-actions]");
  function words(box) { return JSON.parse(box.dataset.words); }
  function read() {
    try { var v = JSON.parse(localStorage.getItem(KEY) || "[]"); return Array.isArray(v) ? v.filter(function (s) { return typeof s === "string"; }) : []; }
    catch (e) { return []; }
  }
  function paint() {
    boxes.forEach(function (box) {
      var on = read().indexOf(box.dataset.slug) >= 0, button = box.querySelector("[data-save]");
      button.setAttribute("aria-pressed", String(on));
      button.textContent = on ? words(box).saved : words(box).save;
    });
  }
  function say(box, text) { box.querySelector("[role=status]").textContent = text; }
  boxes.forEach(function (box) {
    var w = words(box);
    box.hidden = false;
    box.querySelector("[data-share]").addEventListener("click", function () {
      var url = location.href;
      function copy() {
        navigator.clipboard.writeText(url).then(function () { say(box, w.copied); }, function () { say(box, w.copyFailed); });
      }
      if (typeof navigator.share === "function") {
        navigator.share({ title: box.dataset.title, url: url }).then(function () { say(box, ""); }, function (e) { if (!e || e.name !== "AbortError") copy(); });
      } else copy();
    });
    box.querySelector("[data-save]").addEventListener("click", function () {
      var slug = box.dataset.slug, list = read(), on = list.indexOf(slug) >= 0;
      try {
        localStorage.setItem(KEY, JSON.stringify(on ? list.filter(function (s) { return s !== slug; }) : list.concat([slug])));
        say(box, on ? w.unsaved : w.savedHere);
        paint();
      } catch (e) { say(box, w.refused); }
    });
  });
  paint();
})()`;

/**
 * Share (the Web Share API where the device has it, else the link is copied) and Save (a
 * bookmark kept in this browser's local storage). Both announce their outcome politely.
 * Hidden until a script can run them: React after a client-side navigation, otherwise
 * ARTICLE_ACTIONS_SCRIPT.
 */
export function ArticleActions({ slug, title }: { slug: string; title: string }) {
  const [mounted, setMounted] = useState(false);
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState("");
  const said = words();

  useEffect(() => {
    setMounted(true);
    setSaved(readSaved().includes(slug));
  }, [slug]);

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        setStatus("");
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus(said.copied);
    } catch {
      setStatus(said.copyFailed);
    }
  };

  const toggleSave = () => {
    const next = saved ? readSaved().filter((s) => s !== slug) : [...new Set([...readSaved(), slug])];
    try {
      localStorage.setItem(SAVED_KEY, JSON.stringify(next));
      setSaved(!saved);
      setStatus(saved ? said.unsaved : said.savedHere);
    } catch {
      setStatus(said.refused);
    }
  };

  return (
    <div
      className="flex flex-wrap items-center gap-3"
      data-article-actions
      data-slug={slug}
      data-title={title}
      data-words={JSON.stringify(said)}
      hidden={!mounted}
    >
      <Button variant="secondary" onClick={share} data-share>
        {m.site_article_share()}
      </Button>
      <Button variant="secondary" onClick={toggleSave} aria-pressed={saved} data-save>
        {saved ? said.saved : said.save}
      </Button>
      <p role="status" className="text-sm text-stone">
        {status}
      </p>
    </div>
  );
}
