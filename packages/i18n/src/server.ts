/**
 * The language of the request being answered, for messages called without `{ locale }` while a
 * page renders on the server: the shell's entry runs each request inside `withLocale`.
 * Code that writes for someone else (a mail to an owner) passes the recipient's locale instead.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { BASE_LOCALE, type Locale } from "./locale";
import { overwriteGetLocale } from "./paraglide/runtime.js";

const current = new AsyncLocalStorage<Locale>();
overwriteGetLocale(() => current.getStore() ?? BASE_LOCALE);

export const withLocale = <T>(locale: Locale, run: () => T): T => current.run(locale, run);
