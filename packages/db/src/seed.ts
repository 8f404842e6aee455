import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./index";
import {
  adminUsers,
  contacts,
  events,
  garments,
  instagramPosts,
  ownerAlerts,
  products,
  profiles,
  users,
  wardrobeEvents,
} from "./schema";
import { buildSeedData, type DemoRole } from "./seed-data";

export * from "./seed-data";

export type SeedOptions = {
  passwords: Record<DemoRole, string>;
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
};

// One row per statement: D1 allows at most 100 bound parameters per query.
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return { seeded: false };

  const data = buildSeedData(opts.now ?? new Date());
  const hashes: Record<DemoRole, string> = {
    owner: await opts.hashPassword(opts.passwords.owner),
    visitor: await opts.hashPassword(opts.passwords.visitor),
    admin: await opts.hashPassword(opts.passwords.admin),
  };

  const [first, ...rest]: BatchItem<"sqlite">[] = [
    ...data.users.map(({ role, ...user }) => db.insert(users).values({ ...user, password_hash: hashes[role] })),
    ...data.adminUsers.map((row) => db.insert(adminUsers).values(row)),
    ...data.wardrobeEvents.map((row) => db.insert(wardrobeEvents).values(row)),
    ...data.profiles.map((row) => db.insert(profiles).values(row)),
    ...data.products.map((row) => db.insert(products).values(row)),
    ...data.garments.map((row) => db.insert(garments).values(row)),
    ...data.events.map((row) => db.insert(events).values(row)),
    ...data.instagramPosts.map((row) => db.insert(instagramPosts).values(row)),
    ...data.contacts.map((row) => db.insert(contacts).values(row)),
    // The demo's contacts are history: their owner is not mailed about them at the first cron.
    db.update(ownerAlerts).set({ sent_at: opts.now ?? new Date() }),
  ];
  if (!first) return { seeded: false };
  await db.batch([first, ...rest]);
  return { seeded: true };
}
