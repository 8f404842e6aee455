import { formatLongDay, type Locale } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import type { ArtworkName } from "./artwork-specs";

/** Spec part 1 §9: the chips, in order. No article is filed under Event Highlights yet. */
export const BLOG_CATEGORIES = ["All", "Tech", "Styling", "Event Highlights", "Behind the Scenes"] as const;
type BlogCategory = Exclude<(typeof BLOG_CATEGORIES)[number], "All">;

/** A chip's name in the page's language; the English name stays the category's id (and its `?category=`). */
const CATEGORY_SAID: Record<(typeof BLOG_CATEGORIES)[number], () => string> = {
  All: m.site_blog_category_all,
  Tech: m.site_blog_category_tech,
  Styling: m.site_blog_category_styling,
  "Event Highlights": m.site_blog_category_events,
  "Behind the Scenes": m.site_blog_category_behind,
};

export const categoryLabel = (category: (typeof BLOG_CATEGORIES)[number]) => CATEGORY_SAID[category]();

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  readTime: string;
  /** ISO date; shown as '15 January 2024' ('15 janvier 2024'). */
  date: string;
  featured: boolean;
  image: ArtworkName;
}

/** `?category=` values: the chip label in kebab case ('behind-the-scenes'). */
export const categoryParam = (category: (typeof BLOG_CATEGORIES)[number]) =>
  category.toLowerCase().replaceAll(" ", "-");

export function categoryFromParam(param: string | null): (typeof BLOG_CATEGORIES)[number] {
  return BLOG_CATEGORIES.find((c) => categoryParam(c) === param) ?? "All";
}

/**
 * What the listing shows under a chip (spec part 1 §2): under All, the featured article on
 * its own and the rest below it; under a category, every article of it as an ordinary card
 * (the featured block appears only under All).
 */
export function filterArticles<T extends ArticleSummary>(
  articles: T[],
  category: (typeof BLOG_CATEGORIES)[number],
): { featured: T | null; list: T[] } {
  if (category === "All") {
    const featured = articles.find((a) => a.featured) ?? null;
    return { featured, list: articles.filter((a) => a !== featured) };
  }
  return { featured: null, list: articles.filter((a) => a.category === category) };
}

/** An article's day (a UTC day, as stored) in the page's language. */
export function formatArticleDate(iso: string, locale: Locale = currentLocale()): string {
  return formatLongDay(locale, `${iso}T00:00:00Z`);
}
