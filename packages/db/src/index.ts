export * from "./client";
export * from "./schema";
