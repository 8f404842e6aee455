import { describe, expect, it } from "vitest";
import { getArticle, listArticles } from "./blog.server";
import { BLOG_CATEGORIES, categoryFromParam, categoryParam, filterArticles, formatArticleDate } from "./blog-posts";

describe("the articles (spec part 1 §3)", () => {
  it("are the three of the table, newest first, with the Tech one featured", () => {
    expect(listArticles().map((a) => [a.slug, a.category, a.readTime, formatArticleDate(a.date), a.featured])).toEqual([
      ["future-of-fashion-technology", "Tech", "5 min", "15 January 2024", true],
      ["style-releve-networking-events", "Styling", "3 min", "12 January 2024", false],
      ["crafting-connection-making-releve", "Behind the Scenes", "4 min", "10 January 2024", false],
    ]);
  });

  it("serve a sanitised body with real content, and nothing for an unknown slug", () => {
    const article = getArticle("future-of-fashion-technology");
    expect(article?.html).toContain("<h2>A tag you will never notice</h2>");
    expect(article?.html).toContain('<a href="/get-early-access">');
    expect(article?.html.split(/\s+/).length).toBeGreaterThan(400);
    expect(getArticle("no-such-article")).toBeNull();
  });
});

describe("the category chips", () => {
  const articles = listArticles();

  it("show the featured article on its own only under All", () => {
    const all = filterArticles(articles, "All");
    expect(all.featured?.slug).toBe("future-of-fashion-technology");
    expect(all.list.map((a) => a.slug)).toEqual([
      "style-releve-networking-events",
      "crafting-connection-making-releve",
    ]);
  });

  it("list a category's articles as ordinary cards", () => {
    expect(filterArticles(articles, "Tech")).toEqual({
      featured: null,
      list: [expect.objectContaining({ slug: "future-of-fashion-technology" })],
    });
    expect(filterArticles(articles, "Styling").list.map((a) => a.slug)).toEqual(["style-releve-networking-events"]);
    expect(filterArticles(articles, "Behind the Scenes").list.map((a) => a.slug)).toEqual([
      "crafting-connection-making-releve",
    ]);
  });

  it("leave Event Highlights empty (the page shows its empty state)", () => {
    expect(filterArticles(articles, "Event Highlights")).toEqual({ featured: null, list: [] });
  });

  it("round-trip through the query string; anything unknown means All", () => {
    for (const category of BLOG_CATEGORIES) expect(categoryFromParam(categoryParam(category))).toBe(category);
    expect(categoryParam("Behind the Scenes")).toBe("behind-the-scenes");
    expect(categoryFromParam("nope")).toBe("All");
    expect(categoryFromParam(null)).toBe("All");
  });
});
