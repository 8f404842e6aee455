import { streamExport } from "@releve/core/platform/stream-export";
import { personalDataHead, readReceivedContacts } from "@releve/db/accounts/personal-data";
import { logExportError, streamedDownload } from "../../lib/export-response.server";
import { requestContext } from "../../request-context.server";
import type { Route } from "./+types/my-data";
import { requireUser } from "./user.server";

/** Bumped when a section changes shape, so a reader can tell. */
const PERSONAL_DATA_FORMAT = "releve-personal-data/1";

/**
 * `/profile-setup/my-data.json` (issue #33, GDPR Art. 15 and 20): the signed-in person's data as
 * one JSON file. The head (account, profile, consents, garments and ownership periods, events,
 * scan statistics, transfers, the brand's records) is written first; the contacts received
 * follow a batch at a time as they are read, so the download starts at once whatever its size
 * and the browser's own progress shows it coming.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = requestContext(request, context);
  const head = await personalDataHead(db, user.userId);
  if (!head) throw new Response("Not Found", { status: 404 });
  const opening = JSON.stringify({ format: PERSONAL_DATA_FORMAT, exported_at: new Date().toISOString(), ...head });
  let first = true;
  const body = streamExport({
    // The head's closing brace gives way to the contacts' array.
    head: `${opening.slice(0, -1)},"contacts_received":[`,
    read: readReceivedContacts(db, user.userId),
    format: (rows) => {
      const text = rows
        .map(({ submission_key: _key, owner_user_id: _owner, ...contact }) => JSON.stringify(contact))
        .join(",");
      const out = first ? text : `,${text}`;
      first = false;
      return out;
    },
    tail: "]}",
    onError: logExportError("my-data.json"),
  });
  return streamedDownload(body, {
    type: "application/json; charset=utf-8",
    filename: `releve-my-data-${new Date().toISOString().slice(0, 10)}.json`,
  });
}
