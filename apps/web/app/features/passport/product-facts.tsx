import { formatPercent } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { CareSymbol } from "@releve/ui";
import type { ProductView } from "./passport.server";

/** A whole percentage (92) as the page's language writes it: '92%', '92 %'. */
const percent = (value: number) => formatPercent(currentLocale(), value / 100);

/** A product's facts as its passport and its page show them: materials, making, care, services. */
export function ProductFacts({ view }: { view: ProductView }) {
  return (
    <>
      {view.description && <p className="mt-4 text-stone">{view.description}</p>}
      <section id="materials" aria-labelledby="materials-title" className="mt-8 border-t border-ink/10 pt-6">
        <h2 id="materials-title" className="text-xs uppercase tracking-[0.18em] text-stone">
          {m.passport_materials()}
        </h2>
        {view.composition.length ? (
          <ul className="mt-3 space-y-1">
            {[...view.composition]
              .sort((a, b) => b.percent - a.percent)
              .map((fibre) => (
                <li key={fibre.fibre} className="flex justify-between gap-4">
                  <span>{fibre.fibre}</span>
                  <span className="tabular-nums">{percent(fibre.percent)}</span>
                </li>
              ))}
          </ul>
        ) : (
          <p className="mt-3 text-stone">{m.passport_not_given()}</p>
        )}
        {view.recycledPercent !== null && (
          <p className="mt-3 text-sm text-stone">{m.passport_recycled({ percent: percent(view.recycledPercent) })}</p>
        )}
        {view.country && <p className="mt-1 text-sm text-stone">{m.passport_made_in({ country: view.country })}</p>}
      </section>
      <section id="care" aria-labelledby="care-title" className="mt-8 border-t border-ink/10 pt-6">
        <h2 id="care-title" className="text-xs uppercase tracking-[0.18em] text-stone">
          {m.passport_care()}
        </h2>
        {view.care.length ? (
          <dl className="mt-3 space-y-2">
            {view.care.map((line) => (
              <div key={line.category} className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3">
                <CareSymbol category={line.key} code={line.code} size={36} className="row-span-2 text-ink" />
                <dt className="text-xs uppercase tracking-[0.14em] text-stone">{line.category}</dt>
                <dd>{line.words}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-3 text-stone">{m.passport_not_given()}</p>
        )}
      </section>
      {view.services && (
        <section aria-labelledby="services-title" className="mt-8 border-t border-ink/10 pt-6">
          <h2 id="services-title" className="text-xs uppercase tracking-[0.18em] text-stone">
            {m.passport_services()}
          </h2>
          {view.services.text && <p className="mt-3">{view.services.text}</p>}
          {view.services.url && (
            <a href={view.services.url} className="mt-2 inline-block underline underline-offset-4" rel="noopener">
              {m.passport_book_service()}
            </a>
          )}
        </section>
      )}
    </>
  );
}
