import { ButtonAnchor } from "@releve/ui";

/**
 * The brand's 'news and offers' list (issue #33): the one export of people's details the portal
 * offers, and consent is the only way into it.
 */
export function NewsList() {
  return (
    <section aria-labelledby="news-list-title" className="mt-10 border border-ink/10 bg-white p-6">
      <h2 id="news-list-title" className="font-display text-xl">
        News & offers list
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-stone">
        Only people who ticked ‘I'd like news and offers from Relevé.’ when they left their details are in it. Anyone
        who withdrew their details or deleted their account is not, and never will be in a later export.
      </p>
      <ButtonAnchor href="/api/admin/news-list/export.csv" download variant="secondary" size="sm" className="mt-4">
        Export the list (CSV)
      </ButtonAnchor>
    </section>
  );
}
