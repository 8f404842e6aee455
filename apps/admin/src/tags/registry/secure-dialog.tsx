import type { AdminTag } from "@releve/core/tags/contracts";
import type { SunEncoderSettings } from "@releve/core/tags/sun-encoder";
import { TextField } from "@releve/ui";
import { type FormEvent, useState } from "react";
import { useNotify } from "../../notify";
import { DialogActions, Modal } from "../../ui";
import { useMakeSecure } from "./queries";
import { checkSecureTag, encoderRows } from "./secure-tag";

/**
 * 'Secure tag' (issue #21): registers the garment's tag as an NTAG 424 DNA whose every tap must
 * verify, then shows what the encoder needs to configure it. Never a key: the encoder derives them.
 */
export function SecureTagDialog({ tag, onClose }: { tag: AdminTag; onClose: () => void }) {
  const [uid, setUid] = useState(tag.uid ?? "");
  const [version, setVersion] = useState(String(tag.secure?.keyVersion ?? 1));
  const [problems, setProblems] = useState<{ uid?: string; version?: string }>({});
  const making = useMakeSecure();
  const notify = useNotify();
  const [done, setDone] = useState<AdminTag | null>(tag.secure ? tag : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { uid: bare, keyVersion, problems: next } = checkSecureTag(uid, version);
    setProblems(next);
    if (next.uid || next.version) return;
    making.mutate(
      { tag, uid: bare, keyVersion },
      {
        onSuccess: (updated) => {
          notify({
            type: "success",
            title: "Secure tag registered",
            description: `${tag.chipId} · key v${keyVersion}`,
          });
          setDone(updated);
        },
      },
    );
  }

  const encoder = done?.secure?.encoder ?? null;
  return (
    <Modal title={`Secure tag: ${tag.garment?.title ?? tag.chipId}`} onClose={onClose}>
      <p className="mt-2 text-sm text-stone">
        An NTAG 424 DNA: from the next tap on, only links its chip signs (SUN) open the card; a copied link or a
        replayed one shows 'This tag could not be authenticated' and is kept as a counterfeit alert.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
        <TextField
          label="Tag UID *"
          name="uid"
          value={uid}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          onChange={(e) => setUid(e.target.value)}
          hint="The 7-byte UID the chip reports, e.g. 04:DE:5F:1E:AC:C0:40."
          error={problems.uid}
        />
        <TextField
          label="Key version *"
          name="key_version"
          inputMode="numeric"
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          hint="The version of the SUN keys the encoder configured on this chip."
          error={problems.version}
        />
        {making.isError && (
          <p role="alert" className="text-sm text-danger">
            {making.error.message}
          </p>
        )}
        <DialogActions
          onCancel={onClose}
          cancelLabel={done ? "Close" : undefined}
          submitLabel={done ? "Save again" : "Make secure"}
          pendingLabel="Saving..."
          pending={making.isPending}
        />
      </form>
      {encoder && <EncoderSettings encoder={encoder} />}
    </Modal>
  );
}

function EncoderSettings({ encoder }: { encoder: SunEncoderSettings }) {
  const rows = encoderRows(encoder);
  return (
    <section aria-labelledby="encoder-heading" className="mt-6 border-t border-ink/10 pt-4">
      <h3 id="encoder-heading" className="font-display text-lg">
        Encoder settings
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone">{label}</dt>
            <dd className="min-w-0 break-all font-mono text-xs">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
