import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the product holds itself to. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Waits until the page has settled: its fonts loaded (sizes and spacing are final) and its CSS
 * transitions done (a button just pressed is still fading to its hover colours).
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => a)] : [])),
    );
  });
}

/** axe's WCAG 2.2 AA violations on the settled page, one line each. The toaster is left out: a toast comes and goes. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).exclude("[data-sonner-toaster]").analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Zero axe violations on the page as it stands. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}
