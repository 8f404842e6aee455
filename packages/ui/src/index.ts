export * from "./button";
export * from "./care-symbol";
export * from "./field";
