export * from "./env";
export * from "./errors";
export * from "./password";
