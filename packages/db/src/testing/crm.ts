/**
 * An owner's CRM to read and act on, next to another owner's: owner A with two events (Gala and
 * Expo), a claimed garment and three contacts (Vera and Marc met at the Gala on the garment, Marc
 * already contacted; Inès on no event); owner B with one contact of their own (Bob).
 */
import type { Db } from "../index";
import { createContact, createGarment, createOwner, createWardrobeEvent } from "./factories";

export async function twoOwners(db: Db) {
  const a = await createOwner(db);
  const b = await createOwner(db);
  const garment = await createGarment(db, { ownerUserId: a.userId });
  const gala = await createWardrobeEvent(db, a.userId, { name: "Gala" });
  const expo = await createWardrobeEvent(db, a.userId, { name: "Expo" });
  const t = Date.now();
  const ids = {
    vera: await createContact(db, a.userId, {
      first_name: "Vera",
      last_name: "Wang",
      email: "vera@example.com",
      phone: "+33611223344",
      notes: "Loved the 100%_silk lining",
      garment_id: garment.id,
      wardrobe_event_id: gala,
      created_at: new Date(t - 3000),
    }),
    marc: await createContact(db, a.userId, {
      first_name: "Marc",
      last_name: "Jacobs",
      email: "marc@example.com",
      garment_id: garment.id,
      wardrobe_event_id: gala,
      contacted_at: new Date(t - 1000),
      contact_notes: "Sent the lookbook",
      created_at: new Date(t - 2000),
    }),
    ines: await createContact(db, a.userId, {
      first_name: "Inès",
      email: "ines@example.com",
      created_at: new Date(t - 1000),
    }),
    bob: await createContact(db, b.userId, { first_name: "Bob", email: "bob@example.com", notes: "Vera's friend" }),
  };
  return { a, b, garment, gala, expo, ids };
}
