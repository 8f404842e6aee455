// The whole stylesheet as a string, for pages served without a stylesheet request (the share
// page: its first paint must need nothing but the HTML). ~5 KB gzip, inside the HTML.
import css from "../app.css?inline";

export const inlineCss: string = css;
