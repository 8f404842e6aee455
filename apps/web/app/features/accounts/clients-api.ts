import { AppError } from "@releve/core";
import { ListQuerySchema } from "@releve/core/platform/admin-api";
import { publicName } from "@releve/core/sharing/share-visibility";
import { type AdminClient, CreateClientBodySchema, type CreatedClient } from "@releve/core/tags/contracts";
import { TAG_MESSAGES } from "@releve/core/tags/rules";
import { searchClients } from "@releve/db/accounts/queries";
import { inviteClient } from "@releve/verbs/accounts/invite-client";
import { Hono } from "hono";
import { type AdminEnv, actorOf } from "../../api/admin/admin-env";
import { jsonBody, validator } from "../../api/validation";

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
  const outcome = await inviteClient(c.get("effects"), {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    staff: actorOf(c),
  });
  if (outcome.code === "email_taken") throw emailTaken();
  const body: CreatedClient = {
    profileId: outcome.profileId,
    clientId: outcome.clientId,
    name: `${input.first_name} ${input.last_name}`,
    email: input.email,
    invitationSent: outcome.invitationSent,
    message: TAG_MESSAGES.clientCreated,
  };
  return c.json(body, 201);
});
