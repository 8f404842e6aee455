import { qrDataUri } from "./qr.server";

/**
 * The owner's own contact card, to share from the dashboard: its absolute `/contact?id=` link
 * (the unguessable client id) and that link as a QR code, drawn on the server like the
 * garment page's, so the page needs no QR code in its bundle.
 */
export function ownCard(request: Request, clientId: string) {
  const url = `${new URL(request.url).origin}/contact?id=${encodeURIComponent(clientId)}`;
  return { url, qr: qrDataUri(url) };
}
