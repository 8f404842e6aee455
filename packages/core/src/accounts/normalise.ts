// The normalisers are shared vocabulary (sharing, tags and passport read them too), so they live
// in platform/normalise.ts; this path stays for profile.test.ts beside it.
export * from "../platform/normalise";
