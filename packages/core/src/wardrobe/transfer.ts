// Moved to the ownership room (core ownership/transfer.ts); this path stays for what still imports it here.
export * from "../ownership/transfer";
