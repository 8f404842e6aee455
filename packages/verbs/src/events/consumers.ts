import { pokeOwnerAlert } from "../crm/poke-owner-alert";
import type { Consumer } from "../platform/consumer";
import { mailDetailsShared } from "../sharing/mail-details-shared";
import { dropPhotoObjects } from "../wardrobe/drop-photo-objects";

/** Every consumer of the event log (docs/events.md): who follows which type. */
export const CONSUMERS: readonly Consumer[] = [dropPhotoObjects, pokeOwnerAlert, mailDetailsShared];

/** The consumers of one event type, in the order above. */
export function consumersOf(type: string, consumers: readonly Consumer[] = CONSUMERS): Consumer[] {
  return consumers.filter((consumer) => (consumer.types as readonly string[]).includes(type));
}
