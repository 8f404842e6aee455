import { signupAttemptEmail, verificationEmail } from "@releve/core/accounts/mails";
import { hashPassword } from "@releve/core/accounts/password";
import { insertUser } from "@releve/db/accounts/commands";
import { findUserIdByEmail } from "@releve/db/accounts/queries";
import { domainEvent } from "@releve/db/platform/events";
import type { Effects } from "../effects";
import { publishEvents } from "../platform/publish-events";
import { issueToken } from "./auth-tokens";
import { type MailLimited, mailLimited, takeMailLimits } from "./mail-limits";

export type SignUpOutcome = { code: "accepted" } | MailLimited;

type SignUpInput = { firstName: string; lastName: string; email: string; password: string; ip: string | null };

/**
 * Sign-up without enumeration (issue #28, decision 0041): a new and a taken address get the same
 * answer after the same work. The mail limits are taken first, before the address is looked up;
 * the password is hashed either way; then (after the answer with `defer`, so it waits for
 * neither) a new address gets its account and the verification link (which signs it in), a
 * taken one a mail to its owner. Nothing signs anyone in here.
 */
export async function signUp(
  effects: Effects,
  input: SignUpInput,
  opts: { now?: number; defer?: boolean } = {},
): Promise<SignUpOutcome> {
  const limited = await takeMailLimits(effects.db, "email_verification", input, opts.now);
  if (limited) return mailLimited(limited);
  const passwordHash = await hashPassword(input.password);
  const work = createAccountOrTellOwner(effects, { ...input, passwordHash }, opts.now);
  if (opts.defer) effects.waitUntil(work.catch((error) => console.error("[sign-up-email]", error)));
  else await work;
  return { code: "accepted" };
}

async function createAccountOrTellOwner(
  effects: Effects,
  input: Omit<SignUpInput, "password" | "ip"> & { passwordHash: string },
  now = Date.now(),
): Promise<void> {
  const { db, origin } = effects;
  const tellOwner = () =>
    effects.mail.send(
      signupAttemptEmail(input.email, { signIn: `${origin}/auth`, reset: `${origin}/auth?mode=forgot` }),
    );
  if (await findUserIdByEmail(db, input.email)) return tellOwner();
  const userId = crypto.randomUUID();
  const event = domainEvent("account.created", {
    actor: effects.actor,
    personId: userId,
    payload: {},
    at: effects.now(),
  });
  try {
    await insertUser(
      db,
      {
        id: userId,
        email: input.email,
        password_hash: input.passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
      },
      event,
    );
  } catch (error) {
    // Lost a race with a concurrent sign-up of the same email: the unique index decided.
    if (String(error).includes("UNIQUE")) return tellOwner();
    throw error;
  }
  await publishEvents(effects, [event]);
  // The mail carries nothing the sender typed but the address: nobody has proved it is theirs.
  const token = await issueToken(db, userId, "email_verification", now);
  await effects.mail.send(verificationEmail(input.email, `${origin}/auth/verified?token=${encodeURIComponent(token)}`));
}
