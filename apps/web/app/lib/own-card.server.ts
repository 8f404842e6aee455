import { renderSVG } from "uqr";

/**
 * The owner's own contact card, to share from the dashboard: its absolute `/contact?id=` link
 * (the unguessable client id) and that link as a QR code, drawn on the server like the
 * garment page's, so the page needs no QR code in its bundle.
 */
export function ownCard(request: Request, clientId: string) {
  const url = `${new URL(request.url).origin}/contact?id=${encodeURIComponent(clientId)}`;
  const qr = renderSVG(url, { ecc: "M", border: 2, pixelSize: 6, blackColor: "#16130f", whiteColor: "#ffffff" });
  return { url, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}` };
}
