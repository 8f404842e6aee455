import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { Artwork } from "./artwork";
import { ARTWORK } from "./artwork-specs";
import { type ArticleSummary, categoryLabel, formatArticleDate } from "./blog-posts";

/** The editorial teaser on the landing and Learn More pages: the featured article and /blog. */
export function EditorialTeaser({ article }: { article: ArticleSummary }) {
  return (
    <section aria-labelledby="editorial-heading" className="border-y border-ink/10 bg-sand/60">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-5 py-20 sm:py-28 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
        <div className="min-w-0">
          <Artwork spec={ARTWORK[article.image]} sizes="(min-width: 1024px) 560px, calc(100vw - 2.5rem)" />
        </div>
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-[0.3em] text-[#765731]">{m.site_editorial()}</p>
          <h2 id="editorial-heading" className="mt-4 font-display text-3xl leading-tight sm:text-4xl">
            <Link to={`/blog/${article.slug}`} className="underline-offset-8 hover:underline">
              {article.title}
            </Link>
          </h2>
          <p className="mt-3 text-xs uppercase tracking-[0.2em] text-stone">
            {categoryLabel(article.category)} · {formatArticleDate(article.date)} ·{" "}
            {m.site_blog_read_time({ time: article.readTime })}
          </p>
          <p className="mt-6 max-w-prose text-stone">{article.excerpt}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={`/blog/${article.slug}`} className={buttonClass("primary")}>
              {m.site_teaser_read()}
            </Link>
            <Link to="/blog" className={buttonClass("secondary")}>
              {m.site_teaser_all()}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
