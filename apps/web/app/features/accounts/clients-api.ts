import { AppError, hashPassword } from "@releve/core";
import { ListQuerySchema } from "@releve/core/platform/admin-api";
import { publicName } from "@releve/core/sharing/share-visibility";
import { type AdminClient, CreateClientBodySchema, type CreatedClient } from "@releve/core/tags/contracts";
import { INVITATION_TTL_MS, TAG_MESSAGES } from "@releve/core/tags/rules";
import { createInvitedClient } from "@releve/db/accounts/commands";
import { findUserIdByEmail, searchClients } from "@releve/db/accounts/queries";
import { onUniqueViolation } from "@releve/db/platform/d1-errors";
import { Hono } from "hono";
import { randomToken, sha256Hex } from "../../../../../packages/core/src/platform/crypto";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";
import { invitationEmail } from "../../lib/email.server";

const emailTaken = () => new AppError("conflict", "An account already uses this email.");

/**
 * `/api/admin/clients`: clients to reassign a garment or attach a tag to, by partial name,
 * email or client id (10 at most); and the tag programmer's 'Create client'.
 */
export const clientRoutes = new Hono<AdminEnv>();

clientRoutes.get("/", validator("query", ListQuerySchema), async (c) => {
  const { q } = c.req.valid("query");
  if (!q) throw new AppError("bad_request", "Type a name, email or client id to search.");
  const rows = await searchClients(c.get("db"), q);
  const clients: AdminClient[] = rows.map((r) => ({
    profileId: r.id,
    clientId: r.client_id,
    name: publicName(r),
    email: r.email,
  }));
  return c.json({ clients });
});

/**
 * 'Create client' (issue #18): a real account and profile (NFC sharing and every share flag
 * on), and an invitation through the email sender whose link sets the password (the reset
 * page, a single-use token valid INVITATION_TTL_MS). A taken email is a 409 and changes nothing.
 */
clientRoutes.post("/", jsonBody(CreateClientBodySchema), async (c) => {
  const input = c.req.valid("json");
  const db = c.get("db");
  if (await findUserIdByEmail(db, input.email)) throw emailTaken();
  const token = randomToken();
  // Lost a race with another creation or sign-up of the same email: the unique index decided.
  const profile = await onUniqueViolation(
    async () =>
      createInvitedClient(db, actorOf(c), {
        userId: crypto.randomUUID(),
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        // Nobody knows this password: the client chooses theirs through the invitation.
        passwordHash: await hashPassword(randomToken()),
        invitation: { tokenHash: await sha256Hex(token), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) },
      }),
    () => {
      throw emailTaken();
    },
  );
  const url = `${new URL(c.req.url).origin}/reset-password?token=${encodeURIComponent(token)}`;
  let invitationSent = true;
  try {
    await c.get("mail").sender.send(invitationEmail(input.email, url));
  } catch (error) {
    // The account stands; the answer says the mail did not go (a password reset sends another link).
    console.warn(`[admin] invitation email to client ${profile.id} failed`, error);
    invitationSent = false;
  }
  const body: CreatedClient = {
    profileId: profile.id,
    clientId: profile.client_id,
    name: `${input.first_name} ${input.last_name}`,
    email: input.email,
    invitationSent,
    message: TAG_MESSAGES.clientCreated,
  };
  return c.json(body, 201);
});
