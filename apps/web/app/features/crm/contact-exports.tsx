import { m } from "@releve/i18n/messages";
import { Button, buttonClass } from "@releve/ui";

/** 'Export CSV' and 'Export vCard' of a filtered contact list (disabled when it is empty). */
export function ContactExports({ query, empty }: { query: string; empty: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {(["csv", "vcf"] as const).map((ext) => {
        const label = ext === "csv" ? m.crm_export_csv() : m.crm_export_vcard();
        return empty ? (
          <Button key={ext} variant="secondary" disabled>
            {label}
          </Button>
        ) : (
          <a
            key={ext}
            href={`/dashboard/contacts/contacts.${ext}${query}`}
            download
            className={buttonClass("secondary")}
          >
            {label}
          </a>
        );
      })}
    </div>
  );
}
