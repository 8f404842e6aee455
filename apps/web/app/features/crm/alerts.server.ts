import { alertMessage } from "@releve/core/crm/alerts";
import type { WebEnv } from "../../env.server";

/**
 * Tells the alerts consumer that an owner has something new (a contact, a transfer request):
 * the contact is already stored, and the trigger wrote its alert (issue #33). Never fails the
 * visitor's request: if the queue cannot be reached, the cron's sweep queues the owner within
 * five minutes.
 */
export async function queueOwnerAlert(env: Pick<WebEnv, "ALERTS">, ownerUserId: string): Promise<void> {
  try {
    await env.ALERTS.send(alertMessage(ownerUserId));
  } catch (error) {
    console.warn("[alerts] could not queue; the sweep will", error);
  }
}
