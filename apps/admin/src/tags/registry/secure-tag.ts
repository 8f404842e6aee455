import type { SunEncoderSettings } from "@releve/core/tags/sun-encoder";

const UID_PATTERN = /^[0-9a-f]{14}$/i;
export const UID_PROBLEM = "A secure tag's UID is 7 bytes, like 04:DE:5F:1E:AC:C0:40.";
export const VERSION_PROBLEM = "The key version must be a whole number from 1 to 65535.";

/** 'Secure tag' as typed: the UID without separators, the key version as a number, and what is wrong with each. */
export type SecureTagCheck = {
  uid: string;
  keyVersion: number;
  problems: { uid?: string; version?: string };
};

/** Checks the secure-tag form before it is sent: a 7-byte hex UID (any separators) and a key version of 1 to 65535. */
export function checkSecureTag(uid: string, version: string): SecureTagCheck {
  const bare = uid.replace(/[\s:-]/g, "");
  const keyVersion = Number(version);
  return {
    uid: bare,
    keyVersion,
    problems: {
      uid: UID_PATTERN.test(bare) ? undefined : UID_PROBLEM,
      version: Number.isInteger(keyVersion) && keyVersion >= 1 && keyVersion <= 65535 ? undefined : VERSION_PROBLEM,
    },
  };
}

/** What the encoder needs to configure the chip, label and value, in the order it asks for them. */
export const encoderRows = (encoder: SunEncoderSettings): [string, string][] => [
  ["URL template", encoder.urlTemplate],
  ["NDEF file", `${encoder.fileBytes} bytes (file 02)`],
  ["PICC data offset", String(encoder.piccDataOffset)],
  ["MAC input offset", String(encoder.macInputOffset)],
  ["MAC offset", String(encoder.macOffset)],
  ["PICC data tag", `0x${encoder.piccDataTag} (UID and counter mirrored)`],
  ["File-read key", encoder.fileReadKey],
  ["Meta-read key", encoder.metaReadKey],
];
