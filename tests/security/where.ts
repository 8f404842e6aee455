/** Where the security suites' server listens and keeps its state (apps/web/.wrangler/<state>). */
export const SECURITY_PORT = Number(process.env.E2E_SECURITY_PORT ?? 4530);
export const SECURITY_STATE = process.env.RELEVE_SECURITY_STATE ?? "e2e-state-security";
