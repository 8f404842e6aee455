// The inlang message-format plugin ships no types; compile.ts only loads it to check it is there.
declare module "@inlang/plugin-message-format";
