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

/**
 * Share (the Web Share API where the device has it, else the link is copied) and Save (a
 * bookmark kept in this browser's local storage). Both announce their outcome politely.
 */
export function ArticleActions({ slug, title }: { slug: string; title: string }) {
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState("");

  useEffect(() => setSaved(readSaved().includes(slug)), [slug]);

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
      setStatus("Link copied");
    } catch {
      setStatus("Failed to copy to clipboard");
    }
  };

  const toggleSave = () => {
    const next = saved ? readSaved().filter((s) => s !== slug) : [...new Set([...readSaved(), slug])];
    try {
      localStorage.setItem(SAVED_KEY, JSON.stringify(next));
      setSaved(!saved);
      setStatus(saved ? "Removed from your saved articles" : "Saved to this device");
    } catch {
      setStatus("This browser does not allow saving articles");
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={share}>
        Share
      </Button>
      <Button variant="secondary" onClick={toggleSave} aria-pressed={saved}>
        {saved ? "Saved" : "Save"}
      </Button>
      <p role="status" className="text-sm text-stone">
        {status}
      </p>
    </div>
  );
}
