import { hexDump, ndefTlv, urlNdefMessage } from "@releve/core/tags/ndef";
import { TagLink } from "./tag-card";

/**
 * What the write puts on the chip: the URL, its NDEF message byte for byte (one well-known URI
 * record, as Web NFC writes `{ recordType: "url" }`), its size against the tag type's budget,
 * and the URL's QR (drawn by the server).
 */
export function WritePreview({
  url,
  qr,
  tagType,
  byteBudget,
  simulated,
}: {
  url: string;
  qr: string;
  tagType: string;
  byteBudget: number;
  simulated: boolean;
}) {
  const message = urlNdefMessage(url);
  const onChip = ndefTlv(message).length;
  const fits = onChip <= byteBudget;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <p className="min-w-0 break-all">
          <span className="text-stone">{simulated ? "URL that would be written: " : "URL written: "}</span>
          <TagLink url={url} />
        </p>
        <figure className="flex min-w-0 flex-col gap-1">
          <figcaption className="text-stone">NDEF message, {message.length} bytes (one URL record):</figcaption>
          <pre className="max-w-full overflow-x-auto border border-ink/10 bg-ivory p-2 font-mono text-xs leading-5">
            {hexDump(message).join("\n")}
          </pre>
        </figure>
        <p className={fits ? "" : "font-medium text-danger"}>
          {onChip} of {byteBudget} bytes on an {tagType} (the message with its TLV header and terminator)
          {fits ? "." : ": too long for this tag type."}
        </p>
      </div>
      <figure className="flex flex-col items-center gap-1">
        <img src={qr} alt={`QR code of ${url}`} width={144} height={144} className="size-36 border border-ink/10" />
        <figcaption className="text-xs text-stone">
          {simulated ? "QR of the simulated tag's URL" : "QR of the URL"}
        </figcaption>
      </figure>
    </div>
  );
}
