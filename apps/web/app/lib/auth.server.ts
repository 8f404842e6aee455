import { hashPassword, verifyPassword } from "@releve/core";
import { type AuthTokenPurpose, authAttempts, authTokens, type Db, users } from "@releve/db";
import { and, eq, isNull } from "drizzle-orm";
import { randomToken, sha256Hex } from "./crypto.server";
import { type EmailSender, passwordResetEmail, verificationEmail } from "./email.server";

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

// Verifying against this keeps an unknown email as slow as a wrong password (no enumeration by timing).
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export type AuthResult =
  | { ok: true; userId: string; adminRole: string | null }
  | { ok: false; reason: "invalid" | "locked" };

/** Failed attempts since the window opened and since the last success, for the email and the IP. */
async function isLockedOut(db: Db, email: string, ip: string | null, now: number): Promise<boolean> {
  const since = now - LOCKOUT_WINDOW_MS;
  const count = (column: "email" | "ip") =>
    db.$client
      .prepare(
        `select count(*) as n from auth_attempts
          where ${column} = ?1 and success = 0 and created_at > ?2
            and created_at > coalesce((select max(created_at) from auth_attempts where ${column} = ?1 and success = 1), 0)`,
      )
      .bind(column === "email" ? email : ip, since);
  const statements = [count("email"), ...(ip ? [count("ip")] : [])];
  const [byEmail, byIp] = await db.$client.batch<{ n: number }>(statements);
  return (byEmail?.results[0]?.n ?? 0) >= MAX_FAILURES_PER_EMAIL || (byIp?.results[0]?.n ?? 0) >= MAX_FAILURES_PER_IP;
}

export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null },
  now = Date.now(),
): Promise<AuthResult> {
  if (await isLockedOut(db, input.email, input.ip, now)) return { ok: false, reason: "locked" };
  const user = await db.query.users.findFirst({
    columns: { id: true, password_hash: true },
    where: eq(users.email, input.email),
    with: { adminUser: { columns: { role: true, is_active: true } } },
  });
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  await db
    .insert(authAttempts)
    .values({ email: input.email, ip: input.ip, success: valid && !!user, created_at: new Date(now) });
  if (!user || !valid) return { ok: false, reason: "invalid" };
  const adminRole = user.adminUser?.is_active ? user.adminUser.role : null;
  return { ok: true, userId: user.id, adminRole };
}

export async function issueToken(db: Db, userId: string, purpose: AuthTokenPurpose, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db.insert(authTokens).values({
    user_id: userId,
    purpose,
    token_hash: await sha256Hex(token),
    expires_at: new Date(now + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** Checks a token without spending it (to decide whether to show the reset form). */
export async function peekToken(db: Db, token: string, purpose: AuthTokenPurpose, now = Date.now()) {
  if (!token || token.length > 200) return null;
  const row = await db.query.authTokens.findFirst({
    columns: { user_id: true, expires_at: true, used_at: true },
    where: and(eq(authTokens.token_hash, await sha256Hex(token)), eq(authTokens.purpose, purpose)),
  });
  if (!row || row.used_at || row.expires_at.getTime() <= now) return null;
  return row.user_id;
}

/** Spends a single-use token atomically: of two concurrent uses exactly one gets the user id. */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: AuthTokenPurpose,
  now = Date.now(),
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const row = await db.$client
    .prepare(
      `update auth_tokens set used_at = ?1
        where token_hash = ?2 and purpose = ?3 and used_at is null and expires_at > ?1
        returning user_id`,
    )
    .bind(now, await sha256Hex(token), purpose)
    .first<{ user_id: string }>();
  return row?.user_id ?? null;
}

export type SignUpResult = { ok: true; userId: string } | { ok: false; reason: "email_taken" };

export async function signUp(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string },
  mail: { sender: EmailSender; origin: string },
): Promise<SignUpResult> {
  const existing = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, input.email) });
  if (existing) return { ok: false, reason: "email_taken" };
  const userId = crypto.randomUUID();
  try {
    await db.insert(users).values({
      id: userId,
      email: input.email,
      password_hash: await hashPassword(input.password),
      first_name: input.firstName,
      last_name: input.lastName,
    });
  } catch (error) {
    // Lost a race with a concurrent sign-up of the same email: the unique index decided.
    if (String(error).includes("UNIQUE")) return { ok: false, reason: "email_taken" };
    throw error;
  }
  await sendVerificationEmail(db, { userId, email: input.email, firstName: input.firstName }, mail);
  return { ok: true, userId };
}

export async function sendVerificationEmail(
  db: Db,
  user: { userId: string; email: string; firstName: string },
  mail: { sender: EmailSender; origin: string },
): Promise<void> {
  const token = await issueToken(db, user.userId, "email_verification");
  const url = `${mail.origin}/auth/verified?token=${encodeURIComponent(token)}`;
  await mail.sender.send(verificationEmail(user.email, user.firstName, url));
}

export async function verifyEmail(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const userId = await consumeToken(db, token, "email_verification", now);
  if (!userId) return false;
  await db
    .update(users)
    .set({ email_verified_at: new Date(now) })
    .where(eq(users.id, userId));
  return true;
}

/** Always succeeds from the caller's point of view: whether the account exists is not revealed. */
export async function requestPasswordReset(
  db: Db,
  email: string,
  mail: { sender: EmailSender; origin: string },
): Promise<void> {
  const user = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) });
  if (!user) return;
  const token = await issueToken(db, user.id, "password_reset");
  await mail.sender.send(passwordResetEmail(email, `${mail.origin}/reset-password?token=${encodeURIComponent(token)}`));
}

/** Sets the new password and spends every outstanding reset token of that user. */
export async function resetPassword(db: Db, token: string, password: string, now = Date.now()): Promise<string | null> {
  const userId = await consumeToken(db, token, "password_reset", now);
  if (!userId) return null;
  await db.batch([
    db
      .update(users)
      .set({ password_hash: await hashPassword(password) })
      .where(eq(users.id, userId)),
    db
      .update(authTokens)
      .set({ used_at: new Date(now) })
      .where(and(eq(authTokens.user_id, userId), eq(authTokens.purpose, "password_reset"), isNull(authTokens.used_at))),
  ]);
  return userId;
}
