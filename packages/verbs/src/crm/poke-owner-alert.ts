import { alertMessage } from "@releve/core/crm/alerts";
import type { Consumer } from "../platform/consumer";

/**
 * An owner has something new (a contact, a transfer request): the trigger wrote their alert with
 * the row; the alerts queue is told, and its consumer mails them (decision 0058). A second
 * message for the same owner finds nothing pending and sends nothing.
 */
export const pokeOwnerAlert: Consumer = {
  name: "alerts.queue",
  types: ["contact.received", "transfer.requested"],
  async run(effects, event) {
    if (event.personId) await effects.queues.alerts.send(alertMessage(event.personId));
  },
};
