/** The profile's reads for the account pages; saving it is the accounts/save-profile verb. */
export { getProfile } from "@releve/db/accounts/queries";
