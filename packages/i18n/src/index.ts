export * from "./format";
export * from "./locale";
export * from "./slots";
