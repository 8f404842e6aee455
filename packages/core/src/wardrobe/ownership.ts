// Moved to the ownership room (core ownership/ownership.ts); this path stays for what still imports it here.
export * from "../ownership/ownership";
