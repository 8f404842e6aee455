export * from "./button";
export * from "./field";
