import { accountDeletedMail } from "@releve/core/accounts/deletion";
import { verifyPassword } from "@releve/core/accounts/password";
import { accountForDeletion, deleteAccount as eraseAccount } from "@releve/db/accounts/deletion";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type DeleteAccountOutcome = { code: "deleted" } | { code: "wrong_password" | "last_admin" | "failed" };

/**
 * "Delete my account" (issue #33, GDPR Art. 17; decision 0060), confirmed by the password: the
 * account and everything that names the person go in one batch with its account.deleted event,
 * the tap's records of the released pieces are refreshed, the event's consumer deletes the photo
 * objects, and the confirmation mail goes (from here: once the batch has run, the address exists
 * nowhere else, and the event keeps none). The caller signs the person out.
 */
export async function deleteAccount(
  effects: Effects,
  input: { userId: string; password: string },
): Promise<DeleteAccountOutcome> {
  const account = await accountForDeletion(effects.db, input.userId);
  if (!account || !(await verifyPassword(input.password, account.password_hash))) return { code: "wrong_password" };
  const events: ReturnType<typeof domainEvent<"account.deleted">>[] = [];
  let result: Awaited<ReturnType<typeof eraseAccount>>;
  try {
    result = await eraseAccount(effects.db, effects.tap, input.userId, (gone) => {
      const event = domainEvent("account.deleted", { actor: effects.actor, payload: gone, at: effects.now() });
      events.push(event);
      return event;
    });
  } catch (error) {
    console.error("[account-deletion]", error);
    return { code: "failed" };
  }
  if (result.status === "last_admin") return { code: "last_admin" };
  if (result.status !== "deleted") return { code: "wrong_password" };
  await publishEvents(effects, events);
  effects.waitUntil(
    effects.mail.send(accountDeletedMail(result.email)).catch((error) => console.error("[deletion-email]", error)),
  );
  return { code: "deleted" };
}
