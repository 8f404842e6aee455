import { demoPassword, linkFromOutbox, signIn, signUp, submitSignUp, uniqueEmail } from "./accounts";
import { expect, test } from "./fixtures";

const PASSWORD = "velvet-and-silk-2024";
const header = (page: import("@playwright/test").Page) => page.getByRole("banner");

test("sign up, check the inbox, the emailed link signs in, sign out, sign in again", async ({ page }) => {
  const email = uniqueEmail("signup");
  await submitSignUp(page, email, PASSWORD);
  // Said by the page itself, not a toast: /auth is plain HTML (decision 0049).
  await expect(page.getByRole("status")).toHaveText("Account created. Confirm your email address to sign in.");
  await expect(page.getByText(email)).toBeVisible();
  // Not signed in yet: the session starts when the emailed link is opened.
  await expect(header(page).getByRole("link", { name: "Client Login" })).toBeVisible();

  const link = await linkFromOutbox(page, email, "Confirm your email address");
  expect(link).toMatch(/^\/auth\/verified\?token=/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Dashboard" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("You have been logged out of your account.")).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Client Login" })).toBeVisible();

  await page.goto(link);
  await expect(page.getByText("This link is invalid or has expired. Please request a new one.")).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
});

test("signing up with a taken address looks the same and mails its owner instead", async ({ page, browser }) => {
  const email = uniqueEmail("taken");
  await signUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await submitSignUp(stranger, email, "a-strangers-password-1");
  await expect(stranger.getByText("Account created. Confirm your email address to sign in.")).toBeVisible();
  await expect(stranger.getByText(email)).toBeVisible();
  await expect(stranger.getByText("An account with this email already exists")).toHaveCount(0);
  await expect(stranger.getByRole("banner").getByRole("link", { name: "Client Login" })).toBeVisible();

  const signInLink = await linkFromOutbox(stranger, email, "Someone tried to sign up with your address");
  expect(signInLink).toBe("/auth");
  const mail = stranger.getByRole("article", { name: `Someone tried to sign up with your address to ${email}` });
  await expect(mail.getByRole("link", { name: /\/auth\?mode=forgot$/ })).toBeVisible();
  await other.close();

  // The account is as it was: its own password works, the stranger's does not.
  await page.context().clearCookies();
  await signIn(page, email, "a-strangers-password-1");
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
});

test("forgot password, reset through the outbox, and the old session is gone", async ({ page, browser }) => {
  const email = uniqueEmail("reset");
  await signUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);

  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto("/auth?mode=forgot");
  await stranger.getByLabel("Email").fill(email);
  await stranger.getByRole("button", { name: "Send Reset Link" }).click();
  // The flash toast on a plain page: a status line with its title and its description.
  const sent = stranger.getByRole("status").filter({ hasText: "Password reset email sent." });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText("Success");
  await expect(stranger.getByRole("heading", { name: "Client Login" })).toBeVisible();

  // The reset mail is sent after the response (waitUntil), so wait for it to land.
  await expect
    .poll(async () => {
      await stranger.goto("/dev/outbox");
      return stranger.getByText(`To ${email}`).count();
    })
    .toBe(2);
  const link = await linkFromOutbox(stranger, email, "Reset your password");
  await stranger.goto(link);
  await stranger.getByLabel("New password").fill("a-new-password-99");
  await stranger.getByLabel("Confirm password").fill("a-new-password-99");
  await stranger.getByRole("button", { name: "Save New Password" }).click();
  // Signed in on the new password; a user without a profile is sent on to set one up.
  await expect(stranger).toHaveURL(/\/profile-setup$/);
  await expect(
    stranger.getByText("Your password has been updated. Every other session has been signed out."),
  ).toBeVisible();
  await other.close();

  await page.reload();
  await expect(header(page).getByRole("link", { name: "Client Login" })).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
  await signIn(page, email, "a-new-password-99");
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
});

test("a mismatched confirmation keeps what was typed (but not the password) and creates nothing", async ({ page }) => {
  const email = uniqueEmail("mismatch");
  await page.goto("/auth?mode=signup");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password.").first()).toBeVisible();
});

test("mode links switch the form and clear it", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByRole("link", { name: "New to Relevé? Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
});

test("/auth is plain HTML: no script or stylesheet to fetch, and signing in works without JavaScript", async ({
  page,
  browser,
}) => {
  // Decision 0049: inline CSS and one tiny inline script, like the landing page (decision 0020).
  for (const path of ["/auth", "/auth?mode=signup", "/auth?mode=forgot"]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    expect(
      await page.locator("script[src], link[rel=modulepreload], link[rel=stylesheet]").count(),
      `${path} is plain HTML`,
    ).toBe(0);
  }

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  const email = uniqueEmail("nojs");
  await plain.goto("/auth");
  await plain.getByLabel("Email").fill(email);
  await plain.getByLabel("Password", { exact: true }).fill("not-the-password-1");
  await plain.getByRole("button", { name: "Sign In" }).click();
  await expect(plain.getByRole("alert")).toContainText("Invalid email or password.");
  await expect(plain.getByLabel("Email")).toHaveValue(email);
  await noScript.close();
});

test("the plain sign-in form says 'Signing in...' once sent, and cannot be sent twice", async ({ page }) => {
  await page.goto("/auth");
  // Held on the page: the inline script's work is what is looked at, not the next page.
  await page.evaluate(() => document.addEventListener("submit", (event) => event.preventDefault()));
  await page.getByLabel("Email").fill(uniqueEmail("busy"));
  await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
  const submit = page.getByRole("main").locator("button[type=submit]");
  await expect(submit).toHaveAttribute("data-busy-label", "Signing in...");
  await submit.click();
  await expect(submit).toHaveText("Signing in...");
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute("aria-busy", "true");
});

test("bad input answers 400 next to the field, never a 500", async ({ request, baseURL }) => {
  const post = (form: Record<string, string>) =>
    request.post("/auth?mode=signup", { form, headers: { Origin: baseURL ?? "" }, maxRedirects: 0 });
  const empty = await post({ intent: "signup" });
  expect(empty.status()).toBe(400);
  const html = await empty.text();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Email is required",
    "Password is required",
  ]) {
    expect(html).toContain(message);
  }
  const weird = await post({
    intent: "signup",
    firstName: "x".repeat(5000),
    lastName: "<script>",
    email: "a@b",
    password: "p",
  });
  expect(weird.status()).toBe(400);
  const weirdHtml = await weird.text();
  expect(weirdHtml).toContain('value="&lt;script&gt;"');
  expect(weirdHtml).toContain("First name must be at most 80 characters");
  const short = await post({
    intent: "signup",
    firstName: "A",
    lastName: "B",
    email: uniqueEmail("short"),
    password: "short",
    confirmPassword: "short",
  });
  expect(await short.text()).toContain("Password must be at least 10 characters");
});

test("five wrong passwords lock the email out of that network with 429, not out of another", async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail("lockout");
  await signUp(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/wardrobe$/);
  const attempt = (password: string, headers: Record<string, string> = {}) =>
    request.post("/auth?mode=login", {
      form: { intent: "login", email, password },
      headers: { Origin: baseURL ?? "", ...headers },
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) expect((await attempt("wrong-password-123")).status()).toBe(400);
  const locked = await attempt(PASSWORD);
  expect(locked.status()).toBe(429);
  expect(await locked.text()).toContain("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
  // The owner elsewhere (another network) still signs in: a stranger's guesses cannot lock them out.
  const elsewhere = await attempt(PASSWORD, { "CF-Connecting-IP": "2001:db8:28::1" });
  expect(elsewhere.status()).toBe(302);
});

test("a cross-site POST is refused with 403", async ({ request }) => {
  const none = await request.post("/auth?mode=login", {
    form: { intent: "login", email: "a@b.c", password: "x" },
    maxRedirects: 0,
  });
  expect(none.status()).toBe(403);
  const foreign = await request.post("/logout", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(foreign.status()).toBe(403);
});

test("redirect is honoured for same-origin paths only", async ({ page }) => {
  const password = demoPassword("visitor");
  for (const target of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
    await page.context().clearCookies();
    await signIn(page, "visitor@releve.local", password, `/auth?redirect=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard\/wardrobe$/);
  }
  await page.context().clearCookies();
  await signIn(page, "visitor@releve.local", password, `/auth?redirect=${encodeURIComponent("/dev/outbox")}`);
  await expect(page).toHaveURL(/\/dev\/outbox$/);
  // Arriving at /auth already signed in: the redirect, else the dashboard (spec part 1 §4).
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a claim redirect is remembered through sign-up as the pending claim", async ({ page }) => {
  await signUp(
    page,
    uniqueEmail("pending"),
    PASSWORD,
    `/auth?mode=signup&redirect=${encodeURIComponent("/claim/mb-001")}`,
  );
  await expect(page).toHaveURL(/\/claim\/mb-001$/);
});
