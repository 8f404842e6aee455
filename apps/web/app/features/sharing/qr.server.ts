import { renderSVG } from "uqr";

/** A QR code in the house style (ink on white), drawn on the server so no page ships a QR library. */
export function qrSvg(text: string, pixelSize = 6): string {
  return renderSVG(text, { ecc: "M", border: 2, pixelSize, blackColor: "#16130f", whiteColor: "#ffffff" });
}

/** The same code as a data URI for an `<img>`. */
export const qrDataUri = (text: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(text))}`;
