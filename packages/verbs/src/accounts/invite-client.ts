import { invitationEmail } from "@releve/core/accounts/mails";
import { hashPassword } from "@releve/core/accounts/password";
import { randomToken, sha256Hex } from "@releve/core/platform/crypto";
import { INVITATION_TTL_MS } from "@releve/core/tags/rules";
import { createInvitedClient } from "@releve/db/accounts/commands";
import { findUserIdByEmail } from "@releve/db/accounts/queries";
import type { Actor as Staff } from "@releve/db/platform/audit";
import { isUniqueViolation } from "@releve/db/platform/d1-errors";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";

export type InviteClientOutcome =
  | { code: "invited"; profileId: number; clientId: string; invitationSent: boolean }
  | { code: "email_taken" };

/**
 * 'Create client' (issue #18): a real account and profile, audited with its client.invited
 * event, and an invitation mail whose
 * link sets the password (the reset flow). The account stands if the mail cannot go; the outcome
 * says so (a password reset sends another link).
 */
export async function inviteClient(
  effects: Effects,
  input: { email: string; firstName: string; lastName: string; staff: Staff },
): Promise<InviteClientOutcome> {
  if (await findUserIdByEmail(effects.db, input.email)) return { code: "email_taken" };
  const token = randomToken();
  const userId = crypto.randomUUID();
  const event = domainEvent("client.invited", {
    actor: effects.actor,
    personId: userId,
    payload: {},
    at: effects.now(),
  });
  let profile: Awaited<ReturnType<typeof createInvitedClient>>;
  try {
    profile = await createInvitedClient(
      effects.db,
      input.staff,
      {
        userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        // Nobody knows this password: the client chooses theirs through the invitation.
        passwordHash: await hashPassword(randomToken()),
        invitation: {
          tokenHash: await sha256Hex(token),
          expiresAt: new Date(effects.now().getTime() + INVITATION_TTL_MS),
        },
      },
      event,
    );
  } catch (error) {
    // Lost a race with another creation or sign-up of the same email: the unique index decided.
    if (isUniqueViolation(error)) return { code: "email_taken" };
    throw error;
  }
  await publishEvents(effects, [event]);
  const url = `${effects.origin}/reset-password?token=${encodeURIComponent(token)}`;
  let invitationSent = true;
  try {
    await effects.mail.send(invitationEmail(input.email, url));
  } catch (error) {
    console.warn(`[admin] invitation email to client ${profile.id} failed`, error);
    invitationSent = false;
  }
  return { code: "invited", profileId: profile.id, clientId: profile.client_id, invitationSent };
}
