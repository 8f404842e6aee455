import type { AdminGarment } from "@releve/core/tags/contracts";
import { Button } from "@releve/ui";
import { useQuery } from "@tanstack/react-query";
import { ownershipQuery } from "../queries";
import { Empty, Modal, NotLoaded } from "../ui";
import { periodText, transferDates, transferParties, transferTitle } from "./ownership-text";

/**
 * A garment's ownership history for staff (issue #32): who owned it when and how each period
 * began and ended, then every transfer link and request. Owners' emails are for staff only.
 */
export function OwnershipHistoryDialog({ garment, onClose }: { garment: AdminGarment; onClose: () => void }) {
  const history = useQuery(ownershipQuery(garment.id));
  return (
    <Modal title={`Ownership of ${garment.title}`} onClose={onClose}>
      {!history.isSuccess ? (
        <NotLoaded query={history} label="ownership history" />
      ) : (
        <div className="mt-4 flex flex-col gap-6 text-sm">
          <section aria-labelledby="periods-title">
            <h3 id="periods-title" className="text-xs font-medium uppercase tracking-[0.16em]">
              Owners
            </h3>
            {history.data.periods.length === 0 ? (
              <Empty>Never owned.</Empty>
            ) : (
              <ol className="mt-2 flex flex-col gap-2">
                {history.data.periods.map((p) => (
                  <li key={p.id} className="border border-ink/10 bg-white p-3">
                    <p className="break-all font-medium">{p.ownerEmail ?? "A deleted account"}</p>
                    <p className="text-stone">{periodText(p)}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="transfers-title">
            <h3 id="transfers-title" className="text-xs font-medium uppercase tracking-[0.16em]">
              Transfers
            </h3>
            {history.data.transfers.length === 0 ? (
              <Empty>No transfer link or request.</Empty>
            ) : (
              <ol className="mt-2 flex flex-col gap-2">
                {history.data.transfers.map((t) => (
                  <li key={t.id} className="border border-ink/10 bg-white p-3">
                    <p className="font-medium">{transferTitle(t)}</p>
                    <p className="break-all text-stone">{transferParties(t)}</p>
                    <p className="text-stone">{transferDates(t)}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      )}
      {/* Escape closes it too; a phone has no Escape (issue #35: the dialog had no way out but that). */}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
