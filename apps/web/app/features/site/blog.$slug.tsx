import { m } from "@releve/i18n/messages";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";
import { BackLink } from "../../components/back-link";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import type { RouteHandle } from "../../lib/document";
import type { Route } from "./+types/blog.$slug";
import { ARTICLE_ACTIONS_SCRIPT, ArticleActions } from "./article-actions";
import { Artwork, artAlt } from "./artwork";
import { ARTWORK } from "./artwork-specs";
import { getArticle } from "./blog.server";
import { categoryLabel, formatArticleDate } from "./blog-posts";
import { seo } from "./seo";

/** Plain HTML (decision 0020); Share and Save come with a small inline script. */
export const handle: RouteHandle = { hydrate: false, alternates: true, script: ARTICLE_ACTIONS_SCRIPT };

export function loader({ request, params }: Route.LoaderArgs) {
  const article = getArticle(params.slug);
  if (!article) throw new Response("Not Found", { status: 404 });
  return { origin: new URL(request.url).origin, article };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: m.ui_page_not_found_meta() }];
  const { article, origin } = loaderData;
  const art = ARTWORK[article.image];
  return [
    ...seo({
      title: article.title,
      description: article.excerpt,
      origin,
      path: `/blog/${article.slug}`,
      image: `/images/${art.path}.jpg`,
      imageAlt: artAlt(art),
      type: "article",
    }),
    { property: "article:published_time", content: article.date },
    { property: "article:section", content: categoryLabel(article.category) },
  ];
};

// Typography for the sanitised body, scoped to it (no plugin: a handful of rules).
const PROSE = [
  "mx-auto mt-12 max-w-2xl px-5 text-lg leading-relaxed text-ink/90 sm:mt-16",
  "[&_p]:mt-6 [&_h2]:mt-14 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:leading-tight [&_h2]:text-ink",
  "[&_h3]:mt-10 [&_h3]:font-display [&_h3]:text-2xl [&_ul]:mt-6 [&_ul]:list-disc [&_ul]:space-y-3 [&_ul]:pl-6",
  "[&_ol]:mt-6 [&_ol]:list-decimal [&_ol]:space-y-3 [&_ol]:pl-6 [&_li]:pl-1 [&_strong]:font-medium [&_strong]:text-ink",
  "[&_blockquote]:my-12 [&_blockquote]:border-l-2 [&_blockquote]:border-gold [&_blockquote]:pl-6 [&_blockquote]:font-display",
  "[&_blockquote]:text-2xl [&_blockquote]:leading-snug [&_blockquote]:text-ink",
  "[&_a]:underline [&_a]:decoration-gold [&_a]:underline-offset-4 [&_a:hover]:text-gold [&_img]:my-10 [&_img]:h-auto",
].join(" ");

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="pb-20 sm:pb-28">
      <header className="mx-auto max-w-3xl px-5 pt-12 sm:pt-20">
        <BackLink to="/blog" underlineOffset={8}>
          {m.site_editorial()}
        </BackLink>
        <p className="mt-10 text-xs uppercase tracking-[0.3em] text-gold">{categoryLabel(article.category)}</p>
        <h1 className="mt-4 font-display text-4xl leading-[1.08] sm:text-6xl">{article.title}</h1>
        <p className="mt-6 text-xs uppercase tracking-[0.2em] text-stone">
          <time dateTime={article.date}>{formatArticleDate(article.date)}</time> ·{" "}
          {m.site_blog_read_time({ time: article.readTime })}
        </p>
        <div className="mt-8">
          <ArticleActions slug={article.slug} title={article.title} />
        </div>
      </header>
      <div className="mx-auto mt-10 max-w-5xl px-5 sm:mt-14">
        <Artwork spec={ARTWORK[article.image]} sizes="(min-width: 1024px) 984px, calc(100vw - 2.5rem)" priority />
      </div>
      <div
        className={PROSE}
        // Sanitised on the server to the spec's allow-list (lib/sanitize-html.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has been sanitised
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      <footer className="mx-auto mt-16 flex max-w-2xl flex-wrap items-center justify-between gap-4 border-t border-ink/10 px-5 pt-8">
        <ArticleActions slug={article.slug} title={article.title} />
        <Link to="/blog" className={buttonClass("ghost")}>
          {m.site_article_back()}
        </Link>
      </footer>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
