import { LOCALES, type Locale, localeName } from "@releve/i18n";
import { m } from "@releve/i18n/messages";
import { useLocation } from "react-router";

/**
 * The language switcher (issue #34), in the header and the footer: a plain form posting the
 * choice to /language, which remembers it (a cookie; the profile too when signed in) and sends
 * the person back to this page. A plain form on purpose: the document reloads in the new
 * language, on pages with or without script alike. Each language is named in itself, marked
 * with its own `lang` so a screen reader pronounces it rightly.
 */
export function LanguageSwitcher({ locale, variant }: { locale: Locale; variant: "header" | "footer" }) {
  const here = useLocation();
  const others = LOCALES.filter((l) => l !== locale);
  return (
    <form method="post" action="/language" className="flex items-center gap-3">
      <input type="hidden" name="back" value={`${here.pathname}${here.search}`} />
      {variant === "footer" ? (
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">{m.language_label()}</legend>
          {LOCALES.map((l) =>
            l === locale ? (
              <span key={l} lang={l} aria-current="true" className="min-h-11 content-center font-semibold text-ink">
                {localeName(l)}
              </span>
            ) : (
              <LanguageButton key={l} locale={l} className={FOOTER_BUTTON} />
            ),
          )}
        </fieldset>
      ) : (
        <>
          <span className="sr-only">{m.language_label()}</span>
          {others.map((l) => (
            <LanguageButton key={l} locale={l} className={HEADER_BUTTON} />
          ))}
        </>
      )}
    </form>
  );
}

const FOCUS = "cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink";
const HEADER_BUTTON = `min-h-11 min-w-11 px-1 text-xs uppercase tracking-[0.2em] underline-offset-8 hover:underline ${FOCUS}`;
const FOOTER_BUTTON = `min-h-11 min-w-11 px-1 underline underline-offset-4 hover:text-ink ${FOCUS}`;

function LanguageButton({ locale, className }: { locale: Locale; className: string }) {
  return (
    <button type="submit" name="locale" value={locale} lang={locale} className={className}>
      {localeName(locale)}
    </button>
  );
}
