import { m } from "@releve/i18n/messages";
import { data, Link } from "react-router";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/blog";
import { Artwork } from "./artwork";
import { ARTWORK } from "./artwork-specs";
import { listArticles } from "./blog.server";
import {
  type ArticleSummary,
  BLOG_CATEGORIES,
  categoryFromParam,
  categoryLabel,
  categoryParam,
  filterArticles,
  formatArticleDate,
} from "./blog-posts";
import { earlyAccessAction } from "./early-access.server";
import { EarlyAccessForm } from "./early-access-form";
import { seo } from "./seo";

// Links and native forms only: sent as plain HTML with inline CSS, no client script (decision 0020).
export const handle: RouteHandle = { hydrate: false, alternates: true };

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryFromParam(url.searchParams.get("category"));
  return { origin: url.origin, category, ...filterArticles(listArticles(), category) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: m.site_editorial(),
    description: m.site_blog_meta_description(),
    origin: loaderData?.origin ?? "",
    path: "/blog",
  });

/** 'Subscribe to Newsletter' joins the early-access list with referral 'other' (issue #10). */
export async function action({ request, context }: Route.ActionArgs) {
  const { effects } = requestContext(request, context);
  const outcome = await earlyAccessAction(effects, request, { referral: "other" });
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

function Meta({ article }: { article: ArticleSummary }) {
  return (
    <p className="text-xs uppercase tracking-[0.2em] text-stone">
      {categoryLabel(article.category)} · <time dateTime={article.date}>{formatArticleDate(article.date)}</time> ·{" "}
      {m.site_blog_read_time({ time: article.readTime })}
    </p>
  );
}

export default function Blog({ loaderData, actionData }: Route.ComponentProps) {
  const { category, featured, list } = loaderData;
  return (
    <>
      <section className="mx-auto max-w-6xl px-5 pt-16 sm:pt-24">
        <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_editorial()}</p>
        <h1 className="mt-6 font-display text-5xl leading-[1.05] sm:text-7xl">{m.site_blog_title()}</h1>
        {/* The chips wrap: on a phone none is cut at the edge (issue #49). */}
        <nav aria-label={m.site_blog_categories()} className="mt-10">
          <ul className="flex flex-wrap gap-2">
            {BLOG_CATEGORIES.map((c) => {
              const current = c === category;
              return (
                <li key={c}>
                  <Link
                    to={c === "All" ? "/blog" : `/blog?category=${categoryParam(c)}`}
                    preventScrollReset
                    aria-current={current ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center whitespace-nowrap border px-4 text-xs uppercase tracking-[0.18em] transition-colors ${
                      current ? "border-ink bg-ink text-ivory" : "border-ink/20 hover:border-ink"
                    }`}
                  >
                    {categoryLabel(c)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </section>

      <section
        aria-label={
          category === "All"
            ? m.site_blog_all_articles()
            : m.site_blog_category_articles({ category: categoryLabel(category) })
        }
        className="mx-auto max-w-6xl px-5 py-12 sm:py-16"
      >
        {featured && (
          <article className="grid grid-cols-1 gap-8 border-b border-ink/10 pb-14 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-center lg:gap-14">
            <div className="min-w-0">
              <Artwork
                spec={ARTWORK[featured.image]}
                sizes="(min-width: 1024px) 620px, calc(100vw - 2.5rem)"
                priority
              />
            </div>
            <div className="min-w-0">
              <p className="text-xs uppercase tracking-[0.3em] text-gold">{m.site_blog_featured()}</p>
              <h2 className="mt-4 font-display text-3xl leading-tight sm:text-5xl">
                <Link to={`/blog/${featured.slug}`} className="underline-offset-8 hover:underline">
                  {featured.title}
                </Link>
              </h2>
              <div className="mt-4">
                <Meta article={featured} />
              </div>
              <p className="mt-6 text-lg text-stone">{featured.excerpt}</p>
            </div>
          </article>
        )}

        {list.length > 0 ? (
          <ul className={`grid grid-cols-1 gap-12 md:grid-cols-2 ${featured ? "mt-14" : ""}`}>
            {list.map((article, index) => (
              <li key={article.slug} className="min-w-0">
                <article>
                  <Artwork
                    spec={ARTWORK[article.image]}
                    sizes="(min-width: 768px) 540px, calc(100vw - 2.5rem)"
                    priority={!featured && index === 0}
                  />
                  <h2 className="mt-6 font-display text-2xl leading-tight sm:text-3xl">
                    <Link to={`/blog/${article.slug}`} className="underline-offset-8 hover:underline">
                      {article.title}
                    </Link>
                  </h2>
                  <div className="mt-3">
                    <Meta article={article} />
                  </div>
                  <p className="mt-4 text-stone">{article.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          !featured && (
            <div className="border border-ink/10 bg-white px-6 py-16 text-center">
              <h2 className="font-display text-2xl">{m.site_blog_empty_title()}</h2>
              <p className="mt-3 text-stone">{m.site_blog_empty_text({ category: categoryLabel(category) })}</p>
              <Link
                to="/blog"
                className="mt-6 inline-block text-xs uppercase tracking-[0.2em] underline underline-offset-8"
              >
                {m.site_blog_see_all()}
              </Link>
            </div>
          )
        )}
      </section>

      <section id="newsletter" aria-labelledby="newsletter-heading" className="border-t border-ink/10 bg-sand">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-5 py-16 sm:py-20 md:grid-cols-2">
          <div className="min-w-0">
            <h2 id="newsletter-heading" className="font-display text-3xl sm:text-4xl">
              {m.site_blog_letter_title()}
            </h2>
            <p className="mt-4 text-stone">{m.site_blog_letter_text()}</p>
          </div>
          <div className="min-w-0">
            {actionData?.ok ? (
              <div role="status" className="border border-ink/10 bg-white p-6">
                <p className="font-display text-2xl">{m.site_ea_success()}</p>
                <p className="mt-2 text-stone">{m.site_blog_subscribed()}</p>
              </div>
            ) : (
              <EarlyAccessForm
                failure={actionData && !actionData.ok ? actionData : null}
                submitLabel={m.site_blog_subscribe()}
                intent="newsletter"
                withReferral={false}
              />
            )}
          </div>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
