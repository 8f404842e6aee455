import { CONTACT_NOTES_MAX, parseContactCursor } from "@releve/core/crm/rules";
import { garmentDigitalLink } from "@releve/core/passport/digital-link";
import { parseId } from "@releve/core/platform/input-limits";
import { cleanText, textLength } from "@releve/core/platform/text";
import { liveTransferLink } from "@releve/db/ownership/queries";
import { loadGarmentDetail } from "@releve/db/wardrobe/queries";
import { formatDay, formatMoment, formatNumber } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { markContactContacted } from "@releve/verbs/crm/mark-contact-contacted";
import { updateContactNotes } from "@releve/verbs/crm/update-contact-notes";
import { data } from "react-router";
import { BackLink } from "../../components/back-link";
import { CopyButton } from "../../components/copy-button";
import { GeneralErrorBoundary } from "../../components/error-boundary";
import { GarmentFacts } from "../../components/garment-facts";
import { ScrollRegion } from "../../components/scroll-region";
import { readForm } from "../../lib/form.server";
import { redirectWithToast } from "../../lib/toast.server";
import { requestContext } from "../../request-context.server";
import { requireUser } from "../accounts/user.server";
import { ownershipStep } from "../ownership/garment-ownership.server";
import { OwnershipPanel } from "../ownership/ownership-panel";
import { transferUrl } from "../ownership/transfer.server";
import { qrDataUri } from "../sharing/qr.server";
import type { Route } from "./+types/dashboard.garment";
import { GarmentContacts } from "./garment-contacts";
import { garmentWords } from "./words";

export const meta = () => [{ title: m.wardrobe_garment_meta_title() }, { name: "robots", content: "noindex" }];

/** Who made a scan, as the Scan Activity table names them. */
const VIEWERS: Record<string, () => string> = {
  owner: () => m.wardrobe_viewer_owner(),
  visitor: () => m.wardrobe_viewer_visitor(),
  anonymous: () => m.wardrobe_viewer_anonymous(),
};
const viewerWord = (viewer: string) => VIEWERS[viewer]?.() ?? viewer;

/** The Scan Activity table's type column; a tap made while the tag was reported missing says so. */
const SCAN_TYPE_LABELS: Record<"tap" | "contact_exchange" | "missing" | "suspect", (viewer: string) => string> = {
  tap: (viewer) => m.wardrobe_scan_tap({ viewer: viewerWord(viewer) }),
  contact_exchange: () => m.wardrobe_scan_contact_exchange(),
  missing: (viewer) => m.wardrobe_scan_missing({ viewer: viewerWord(viewer) }),
  // A secure tag's tap that did not verify (issue #21): a copied or replayed link.
  suspect: () => m.wardrobe_scan_suspect(),
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = parseId(params.garmentId);
  // A page of its contacts: the newest, or (a 'Load more' link followed without JavaScript) those before `before`.
  const before = parseContactCursor(new URL(request.url).searchParams.get("before"));
  const deps = requestContext(request, context);
  let detail: Awaited<ReturnType<typeof loadGarmentDetail>> = null;
  let link: Awaited<ReturnType<typeof liveTransferLink>>;
  try {
    [detail, link] = id
      ? await Promise.all([
          loadGarmentDetail(deps.db, id, user.userId, { before }),
          liveTransferLink(deps.db, id, user.userId, Date.now()),
        ])
      : [null, undefined];
  } catch (error) {
    // Spec part 2 §8: a load failure (not a missing garment) says so and goes back to the wardrobe.
    console.error("[garment]", error);
    throw await redirectWithToast(deps.env, request, "/dashboard/wardrobe", {
      type: "error",
      title: m.wardrobe_garment_load_failed(),
      description: m.site_try_again_moment(),
    });
  }
  if (!detail) throw new Response("Garment not found", { status: 404 });
  // Its live transfer link (issue #32), shown again with its QR for a hand-over in person.
  const transferLink = link ? await transferUrl(deps.env, request, link.id) : null;
  const transfer =
    link && transferLink
      ? { url: transferLink, qr: qrDataUri(transferLink), expires: formatDay(currentLocale(), link.expires_at) }
      : null;
  const origin = new URL(request.url).origin;
  const shortLink = `${origin}/t/${detail.garment.short_slug}`;
  // The garment's GS1 Digital Link (issue #31), when it has a product and its slug can be a serial.
  const { gtin, short_slug: slug } = detail.garment;
  const digitalLink = garmentDigitalLink(origin, slug, gtin);
  return { ...detail, paged: before !== null, shortLink, digitalLink, qr: qrDataUri(shortLink), transfer };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deps = requestContext(request, context);
  const id = parseId(params.garmentId);
  const form = await readForm(request);
  // Editing a contacted contact's notes (intent 'update-notes'), else marking one contacted.
  const editing = form.get("intent") === "update-notes";
  // Transfer, cancel or release (issue #32): the ownership room's steps.
  if (form.has("intent") && !editing) return ownershipStep(request, context, id, form);
  const contactId = parseId(form.get("contactId"));
  // The one text rule (decision 0042): notes are multi-line.
  const cleaned = cleanText(form.get("notes"), { multiline: true });
  if (!id || !contactId) {
    return data({ error: m.wardrobe_choose_contact(), contactId: null, editing }, { status: 400 });
  }
  if (!cleaned.ok) {
    // textProblemMessage(problem, "Notes", { multiline: true }) and a full stop, in the reader's language.
    const error = cleaned.problem === "malformed" ? m.wardrobe_notes_malformed() : m.wardrobe_notes_control();
    return data({ error, contactId, editing }, { status: 400 });
  }
  const notes = cleaned.value;
  if (textLength(notes) > CONTACT_NOTES_MAX) {
    return data(
      { error: m.wardrobe_notes_too_long({ max: String(CONTACT_NOTES_MAX) }), contactId, editing },
      { status: 400 },
    );
  }
  const change = editing ? updateContactNotes : markContactContacted;
  const outcome = await change(deps.effects, { contactId, garmentId: id, userId: user.userId, notes: notes || null });
  if (outcome.code === "not_found") {
    return data({ error: m.wardrobe_update_contact_failed(), contactId, editing }, { status: 404 });
  }
  return redirectWithToast(deps.env, request, `/dashboard/garment/${id}`, {
    type: "success",
    title: editing ? m.wardrobe_contact_updated() : m.wardrobe_marked_contacted(),
  });
}

export default function GarmentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { garment, stats, scans, contacts, nextCursor, paged, shortLink, digitalLink, qr, transfer } = loaderData;
  const labels = garmentWords(garment);
  const locale = currentLocale();
  const na = m.wardrobe_not_available();
  const tagId = garment.tag_uuid ?? garment.nfc_chip_id ?? "";

  return (
    <section className="mx-auto w-full max-w-6xl px-5 py-10 sm:py-16">
      <BackLink to="/dashboard/wardrobe">{m.wardrobe_back_wardrobe()}</BackLink>
      <h1 className="mt-6 font-display text-4xl sm:text-5xl">{labels.name}</h1>

      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-10">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-3 border border-ink/10 bg-white p-6 text-sm">
            <GarmentFacts labels={labels} typeLabel={m.wardrobe_fact_category()} />
            <dt className="text-stone">{m.wardrobe_sku()}</dt>
            <dd>{garment.sku ?? na}</dd>
            <dt className="text-stone">{m.wardrobe_status()}</dt>
            {/* One row for one fact (issue #49): the status and, once claimed, since when. */}
            <dd className="first-letter:uppercase">
              {garment.status !== "claimed"
                ? m.wardrobe_status_unclaimed()
                : garment.claimed_at
                  ? m.wardrobe_status_claimed_on({ date: formatDay(locale, garment.claimed_at) })
                  : m.wardrobe_status_claimed()}
            </dd>
            <dt className="text-stone">{m.wardrobe_tag_id()}</dt>
            <dd className="flex items-center justify-between gap-3">
              <code className="min-w-0 truncate">{tagId.slice(0, 16) || na}</code>
              {tagId && <CopyButton label={m.wardrobe_tag_id()} value={tagId} />}
            </dd>
            <dt className="text-stone">{m.wardrobe_short_link()}</dt>
            <dd className="flex items-center justify-between gap-3">
              <code className="min-w-0 truncate">{shortLink}</code>
              <CopyButton label={m.wardrobe_short_link()} value={shortLink} />
            </dd>
            {digitalLink && (
              <>
                <dt className="text-stone">{m.wardrobe_digital_link()}</dt>
                <dd className="flex items-center justify-between gap-3">
                  <code className="min-w-0 truncate">{digitalLink}</code>
                  <CopyButton label={m.wardrobe_digital_link()} value={digitalLink} />
                </dd>
                <dt className="text-stone">{m.wardrobe_passport()}</dt>
                <dd>
                  <a href={`/passport/${garment.short_slug}`} className="underline underline-offset-4">
                    {m.tap_about_piece()}
                  </a>
                </dd>
              </>
            )}
          </dl>

          <section aria-labelledby="engagement">
            <h2 id="engagement" className="font-display text-2xl">
              {m.wardrobe_engagement()}
            </h2>
            <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
              <div className="border border-ink/10 bg-white p-4">
                <dt className="text-[10px] uppercase tracking-[0.12em] text-stone sm:text-xs sm:tracking-[0.16em]">
                  {m.wardrobe_total_scans()}
                </dt>
                <dd className="mt-2 font-display text-3xl">{formatNumber(locale, stats.scans)}</dd>
              </div>
              <div className="border border-ink/10 bg-white p-4">
                <dt className="text-[10px] uppercase tracking-[0.12em] text-stone sm:text-xs sm:tracking-[0.16em]">
                  {m.wardrobe_contacts()}
                </dt>
                <dd className="mt-2 font-display text-3xl">{formatNumber(locale, stats.contacts)}</dd>
              </div>
              <div className="border border-ink/10 bg-white p-4">
                <dt className="text-[10px] uppercase tracking-[0.12em] text-stone sm:text-xs sm:tracking-[0.16em]">
                  {m.wardrobe_last_scan()}
                </dt>
                <dd className="mt-2 text-sm">
                  {stats.lastScan ? formatDay(locale, stats.lastScan) : m.wardrobe_never()}
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="scan-activity">
            <h2 id="scan-activity" className="font-display text-2xl">
              {m.wardrobe_scan_activity()}
            </h2>
            {scans.length === 0 ? (
              <p className="mt-4 text-stone">{m.wardrobe_no_scans()}</p>
            ) : (
              <ScrollRegion label={m.wardrobe_latest_scans()} className="mt-4 border border-ink/10 bg-white">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{m.wardrobe_latest_scans()}</caption>
                  <thead className="text-xs uppercase tracking-[0.14em] text-stone">
                    <tr>
                      <th className="p-3 font-normal">{m.wardrobe_col_date()}</th>
                      <th className="p-3 font-normal">{m.wardrobe_col_type()}</th>
                      <th className="p-3 font-normal">{m.wardrobe_col_city()}</th>
                      <th className="p-3 font-normal">{m.wardrobe_col_browser()}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {scans.map((s) => (
                      <tr key={s.id} className="border-t border-ink/10">
                        <td className="p-3">{formatMoment(locale, s.created_at)}</td>
                        <td className="p-3">{SCAN_TYPE_LABELS[s.scan_type](s.viewer_kind)}</td>
                        <td className="p-3">{s.city ?? m.wardrobe_unknown_city()}</td>
                        <td className="p-3">{s.browser ?? m.wardrobe_unknown_browser()}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </section>

          <GarmentContacts
            garmentId={garment.id}
            total={stats.contacts}
            first={contacts}
            nextCursor={nextCursor}
            paged={paged}
            actionData={actionData && "contactId" in actionData ? actionData : undefined}
          />
        </div>

        <div className="flex flex-col gap-6 self-start">
          <aside className="flex flex-col items-center gap-3 border border-ink/10 bg-white p-6 text-center">
            <img src={qr} alt={m.wardrobe_qr_alt({ link: shortLink })} width={220} height={220} className="size-56" />
            <p className="text-sm text-stone">{m.wardrobe_qr_hint()}</p>
          </aside>
          <OwnershipPanel
            transfer={transfer}
            error={actionData && "ownershipError" in actionData ? actionData.ownershipError : null}
          />
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{
        title: m.wardrobe_garment_not_found(),
        text: m.wardrobe_not_found_text(),
        to: "/dashboard/wardrobe",
        label: m.wardrobe_back_to_wardrobe(),
      }}
    />
  );
}
