import { m } from "@releve/i18n/messages";
import { sanitizeArticleHtml } from "../../lib/sanitize-html.server";
import type { ArticleSummary } from "./blog-posts";

type Say = () => string;

/**
 * An article as kept here: its words are messages (packages/i18n/messages, `site_post_*`), so
 * each is read in the language of the page asking for it (issue #34).
 */
interface Article extends Omit<ArticleSummary, "title" | "excerpt"> {
  title: Say;
  excerpt: Say;
  /** Written as HTML; always passed through the sanitiser before it reaches a page. */
  body: Say;
}

// Spec part 1 §3 (blog article table): slugs, categories, read times and dates as listed.
const ARTICLES: Article[] = [
  {
    slug: "future-of-fashion-technology",
    title: m.site_post_future_title,
    excerpt: m.site_post_future_excerpt,
    category: "Tech",
    readTime: "5 min",
    date: "2024-01-15",
    featured: true,
    image: "futureOfFashionTechnology",
    body: m.site_post_future_body,
  },
  {
    slug: "style-releve-networking-events",
    title: m.site_post_style_title,
    excerpt: m.site_post_style_excerpt,
    category: "Styling",
    readTime: "3 min",
    date: "2024-01-12",
    featured: false,
    image: "styleNetworkingEvents",
    body: m.site_post_style_body,
  },
  {
    slug: "crafting-connection-making-releve",
    title: m.site_post_crafting_title,
    excerpt: m.site_post_crafting_excerpt,
    category: "Behind the Scenes",
    readTime: "4 min",
    date: "2024-01-10",
    featured: false,
    image: "craftingConnection",
    body: m.site_post_crafting_body,
  },
];

/** An article's listing data in the language of the request being answered. */
const summaryOf = ({ title, excerpt, body: _body, ...rest }: Article): ArticleSummary => ({
  ...rest,
  title: title(),
  excerpt: excerpt(),
});

/** Listing data: no bodies, so the blog index stays small. Newest first. */
export function listArticles(): ArticleSummary[] {
  return ARTICLES.map(summaryOf).sort((a, b) => b.date.localeCompare(a.date));
}

/** One article with its body sanitised to the spec's allow-list; null for an unknown slug. */
export function getArticle(slug: string): (ArticleSummary & { html: string }) | null {
  const article = ARTICLES.find((a) => a.slug === slug);
  if (!article) return null;
  return { ...summaryOf(article), html: sanitizeArticleHtml(article.body()) };
}

/** The featured article (the editorial teaser on the landing and Learn More pages). */
export function featuredArticle(): ArticleSummary | null {
  return listArticles().find((a) => a.featured) ?? null;
}
