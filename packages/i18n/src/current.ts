/**
 * The language of what is being rendered now: the request's on the server (./server.ts), the
 * document's in the browser (./client.ts). For Intl formatting in a component:
 * `formatDay(currentLocale(), when)`. Kept apart from the index so the tap never loads Paraglide's runtime.
 */
export { getLocale as currentLocale } from "./paraglide/runtime.js";
