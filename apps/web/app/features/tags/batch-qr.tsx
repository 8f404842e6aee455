import { parseId } from "@releve/core/platform/input-limits";
import { garmentTagUrl } from "@releve/core/tags/rules";
import { batchLabels, getTagBatch } from "@releve/db/tags/queries";
import { Button } from "@releve/ui";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AccessDenied } from "../../components/access-denied";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { type RouteHandle, useServerDocument } from "../../lib/document";
import { requestContext } from "../../request-context.server";
import { requireAdmin } from "../accounts/user.server";
import { qrSvg } from "../sharing/qr.server";
import type { Route } from "./+types/batch-qr";

/** Labels per screen page: each QR is a few KB of SVG, so a 1,000-tag batch prints in pages. */
const LABELS_PER_PAGE = 100;

/**
 * Sent as plain HTML (decision 0020): the codes are in the markup once, with no hydration
 * copy. Its one script shows the Print button and wires it; printing from the browser's menu
 * works without it.
 */
const PRINT_SCRIPT =
  "(function(){var b=document.querySelector('[data-print]');if(!b)return;b.hidden=false;" +
  "b.addEventListener('click',function(){window.print()})})()";

export const handle: RouteHandle = { hydrate: false, script: PRINT_SCRIPT };

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `QR codes · ${loaderData?.batch.name ?? "Batch"} · Relevé admin` },
  { name: "robots", content: "noindex" },
];

/**
 * `/admin/batches/:id/qr`: a batch's printable labels (issue #18), a QR code of each tag's
 * link with its slug, chip id and garment name. Behind the admin gate (the parent route
 * checks too; loaders run side by side). A bad id, page or unknown batch: 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const id = parseId(params.id);
  const pageParam = url.searchParams.get("page");
  const page = pageParam === null ? 1 : parseId(pageParam);
  const { db } = requestContext(request, context);
  const batch = id && page ? await getTagBatch(db, id) : undefined;
  if (!batch || !page) throw data("Batch not found", { status: 404 });
  const pages = Math.max(1, Math.ceil(batch.total / LABELS_PER_PAGE));
  if (page > pages) throw data("Page not found", { status: 404 });
  const rows = await batchLabels(db, batch.id, { limit: LABELS_PER_PAGE, offset: (page - 1) * LABELS_PER_PAGE });
  return {
    batch: { id: batch.id, name: batch.batch_name, total: batch.total },
    page,
    pages,
    labels: rows.map((row) => {
      const link = garmentTagUrl(url.origin, row.slug, row.gtin);
      return { slug: row.slug, chipId: row.chip_id, title: row.title, url: link, qr: qrSvg(link) };
    }),
  };
}

export default function BatchQrCodes({ loaderData }: Route.ComponentProps) {
  const { batch, page, pages, labels } = loaderData;
  // On the server's plain document the script reveals the button; after a client-side
  // navigation React runs it.
  const plain = useServerDocument() !== null;
  const first = (page - 1) * LABELS_PER_PAGE + 1;
  return (
    <section data-print-sheet className="mx-auto w-full max-w-6xl px-5 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
        <div className="min-w-0">
          <Link
            to="/admin/nfc"
            className="text-xs uppercase tracking-[0.2em] text-stone underline-offset-4 hover:underline"
          >
            <span aria-hidden>← </span>Tag registry
          </Link>
          <h1 className="mt-3 break-words font-display text-3xl">QR codes: {batch.name}</h1>
          <p className="mt-1 text-sm text-stone">
            {batch.total === 0
              ? "No tags yet"
              : `${batch.total} tag${batch.total === 1 ? "" : "s"}${
                  pages > 1 ? ` · labels ${first}–${first + labels.length - 1} · page ${page} of ${pages}` : ""
                }`}
          </p>
        </div>
        {labels.length > 0 && (
          <Button data-print hidden={plain} onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      {labels.length === 0 ? (
        <p className="mt-8 border border-dashed border-ink/20 px-4 py-10 text-center text-sm text-stone">
          This batch has no tags yet. Program tags in it from the tag registry, then print their codes here.
        </p>
      ) : (
        <ul
          aria-label={`QR labels of ${batch.name}`}
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 print:mt-0 print:grid-cols-3 print:gap-2"
        >
          {labels.map((label) => (
            <li
              key={label.slug}
              className="flex break-inside-avoid flex-col items-center gap-1 border border-ink/15 bg-white p-3 text-center print:border-ink/40"
            >
              <div
                role="img"
                aria-label={`QR code of ${label.url}`}
                className="w-full max-w-40 [&>svg]:h-auto [&>svg]:w-full"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG we drew on the server from our own URL
                dangerouslySetInnerHTML={{ __html: label.qr }}
              />
              <p className="break-all font-mono text-sm">{label.slug}</p>
              <p className="break-all font-mono text-[0.7rem] text-stone print:text-ink">{label.chipId}</p>
              <p className="line-clamp-2 text-xs">{label.title}</p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Label pages" className="mt-6 flex flex-wrap gap-2 print:hidden">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <a
              key={n}
              href={`?page=${n}`}
              aria-current={n === page ? "page" : undefined}
              className={`min-h-9 min-w-9 border px-3 py-2 text-center text-xs ${
                n === page ? "border-ink bg-ink text-ivory" : "border-ink/30"
              }`}
            >
              <span className="sr-only">Page </span>
              {n}
            </a>
          ))}
        </nav>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  return (
    <GeneralErrorBoundary
      notFound={{
        title: "Batch not found",
        text: "No tag batch has this address.",
        to: "/admin/nfc",
        label: "Open the tag registry",
      }}
    />
  );
}
