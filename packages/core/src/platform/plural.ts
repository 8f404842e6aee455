/**
 * A count with its noun, singular or plural by the language's rule (Intl.PluralRules):
 * `counted(1, ["tap", "taps"])` is "1 tap", `counted(1200, …)` "1,200 taps". English for now;
 * issue #34's translations will hand it their own forms.
 */
const rules = new Intl.PluralRules("en-GB");
const numbers = new Intl.NumberFormat("en-GB");

export function counted(n: number, [one, other]: readonly [string, string]): string {
  return `${numbers.format(n)} ${rules.select(n) === "one" ? one : other}`;
}
