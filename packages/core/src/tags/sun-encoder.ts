import { urlNdefMessage } from "./ndef";

/**
 * What staff give an encoder to configure a garment's NTAG 424 DNA for SUN (issue #21,
 * decision 0034): the URL template the tag mirrors its data into, and the SDM offsets in the
 * NDEF file (file 02: a 2-byte NLEN, then the NDEF message). Never a key: the encoder derives
 * the tag's file-read key from the master of `keyVersion` and the UID (AN10922), the meta-read
 * key is the version's own.
 */
export type SunEncoderSettings = {
  /** The URL the tag holds, with its mirrored fields as zeros. */
  urlTemplate: string;
  /** Bytes of the NDEF file (NLEN + message); an NTAG 424 DNA's file 02 holds 256. */
  fileBytes: number;
  /** SDM offsets in the file: encrypted PICC data, MAC input and MAC (MAC input = MAC: no file data). */
  piccDataOffset: number;
  macInputOffset: number;
  macOffset: number;
  /** The PICC data layout the server expects: UID and counter mirrored, 7-byte UID. */
  piccDataTag: "C7";
  keyVersion: number;
  fileReadKey: string;
  metaReadKey: string;
};

/** An NTAG 424 DNA's NDEF file size (file 02). */
export const NTAG424_NDEF_FILE_BYTES = 256;
const PICC_HEX = 32;
const MAC_HEX = 16;
const NLEN_BYTES = 2;

/** The settings for a tag whose plain URL is `tagUrl` (`https://<origin>/t/<slug>`). */
export function sunEncoderSettings(tagUrl: string, keyVersion: number): SunEncoderSettings {
  const urlTemplate = `${tagUrl}?e=${"0".repeat(PICC_HEX)}&c=${"0".repeat(MAC_HEX)}`;
  const message = urlNdefMessage(urlTemplate);
  // The URL's text after the prefix byte is ASCII: a character's index in the URL maps to one byte.
  const text = new TextDecoder().decode(message);
  const picc = text.lastIndexOf(`?e=${"0".repeat(PICC_HEX)}`) + 3;
  const mac = text.lastIndexOf(`&c=${"0".repeat(MAC_HEX)}`) + 3;
  return {
    urlTemplate,
    fileBytes: NLEN_BYTES + message.length,
    piccDataOffset: NLEN_BYTES + picc,
    macInputOffset: NLEN_BYTES + mac,
    macOffset: NLEN_BYTES + mac,
    piccDataTag: "C7",
    keyVersion,
    fileReadKey: `Diversified per tag (NXP AN10922, input UID || "RELEVE-SUN-FILE-READ") from master key version ${keyVersion}`,
    metaReadKey: `The meta-read key of version ${keyVersion}`,
  };
}
