/**
 * How a garment changes hands (issue #32): each ownership period says how it began and how it
 * ended. Commands name the change in `garments.owner_via`; the database's trigger records it.
 */
const OWNERSHIP_CHANGES = [
  /** The first owner claimed a stock garment (its tag or code). */
  "claim",
  /** A pre-encoded pool piece registered with its owner's details. */
  "registration",
  /** Programmed straight onto a client's account by the brand. */
  "attach",
  /** Handed to a next owner with the previous one's consent. */
  "transfer",
  /** An admin gave it to another client. */
  "reassign",
  /** Its owner let it go (or an admin released its tag); it waits for a new owner. */
  "release",
  /** A QA reset of the sample garments. */
  "reset",
  /** Its owner deleted their account (issue #33); the period stays, without them. */
  "deletion",
] as const;
export type OwnershipChange = (typeof OWNERSHIP_CHANGES)[number];
