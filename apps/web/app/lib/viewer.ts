/** Who is looking at a page; the header and every role-aware control read this. */
export type Viewer =
  | { kind: "visitor" }
  | { kind: "client"; userId: string; email: string }
  | { kind: "admin"; userId: string; email: string };
