import { firstNameOf } from "@releve/core/sharing/share-visibility";
import { detailsSharedMail, withdrawPath, withdrawToken } from "@releve/core/sharing/withdraw";
import { contactForSharedMail } from "@releve/db/sharing/queries";
import { toLocale } from "@releve/i18n";
import { type Consumer, payloadOf } from "../platform/consumer";

/** The public doors whose form takes an address: the visitor who gave one gets the mail. */
const PUBLIC_SOURCES = new Set(["nfc_share", "share_token", "contact_card"]);

/**
 * A visitor who left their address through a public door gets one mail with their withdrawal
 * link (issue #33), in the language of the page they used. The address is read from the contact
 * row when the mail goes: withdrawn meanwhile, there is nothing to send.
 */
export const mailDetailsShared: Consumer = {
  name: "mail.details-shared",
  types: ["contact.received"],
  async run(effects, event) {
    const payload = payloadOf(event, "contact.received");
    if (!PUBLIC_SOURCES.has(payload.source)) return;
    const contact = await contactForSharedMail(effects.db, payload.contactId);
    if (!contact?.email) return;
    const token = await withdrawToken(effects.secret, payload.contactId);
    const locale = toLocale(payload.locale);
    const mail = detailsSharedMail({
      to: contact.email,
      ownerName: contact.profile ? firstNameOf(contact.profile) : "The owner",
      withdrawUrl: `${payload.origin || effects.origin}${withdrawPath(token)}`,
      ...(locale ? { locale } : {}),
    });
    await effects.mail.send(mail);
  },
};
