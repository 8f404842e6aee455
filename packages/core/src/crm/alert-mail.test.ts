import { describe, expect, it } from "vitest";
import { alertMail } from "./alert-mail";
import type { AlertEntry } from "./alerts";

const connection = (name: string, channels: string[]): AlertEntry => ({
  kind: "connection",
  contactId: 1,
  name,
  channels,
  piece: "Evening Cape",
  event: "Vernissage",
  at: 0,
});
const base = {
  to: "owner@example.com",
  firstName: "Odile",
  frequency: "each" as const,
  origin: "https://releve.example",
  unsubscribeUrl: "https://releve.example/unsubscribe/x.y",
};

describe("the connection alert speaks its owner's language (issue #34)", () => {
  it("English: the words as before, one and two connections", () => {
    const one = alertMail({ ...base, locale: "en", entries: [connection("Lucien", ["email", "Instagram"])] });
    expect(one.subject).toBe("Lucien connected with you");
    expect(one.text).toContain("Hello Odile,");
    expect(one.text).toContain("1 person left their details for you.");
    expect(one.text).toContain("Left their email and Instagram.");
    expect(one.text).toContain("Unsubscribe: https://releve.example/unsubscribe/x.y");
    expect(one.html).toContain('<html lang="en">');
    const two = alertMail({
      ...base,
      locale: "en",
      entries: [connection("Lucien", ["phone"]), connection("Mila", [])],
    });
    expect(two.subject).toBe("2 new connections on Relevé");
    expect(two.text).toContain("2 people left their details for you.");
    expect(two.text).toContain("Left a note.");
  });

  it("French: subject, greeting, plural forms, channels, layout and unsubscribe, all in French", () => {
    const one = alertMail({ ...base, locale: "fr", entries: [connection("Lucien", ["email", "phone", "Instagram"])] });
    expect(one.subject).toBe("Lucien vous a laissé ses coordonnées");
    expect(one.text).toContain("Bonjour Odile,");
    expect(one.text).toContain("1 personne vous a laissé ses coordonnées.");
    expect(one.text).toContain("A laissé : e-mail, téléphone et Instagram.");
    expect(one.text).toContain("Pièce : Evening Cape");
    expect(one.text).toContain("Se désabonner: https://releve.example/unsubscribe/x.y");
    expect(one.html).toContain('<html lang="fr">');
    expect(one.html).toContain("Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :");
    expect(one.headers["List-Unsubscribe"]).toBe("<https://releve.example/unsubscribe/x.y>");
    const daily = alertMail({
      ...base,
      locale: "fr",
      frequency: "daily",
      entries: [connection("Lucien", []), connection("Mila", []), connection("Noé", [])],
    });
    expect(daily.subject).toBe("Votre journée sur Relevé : 3 nouveaux contacts");
    expect(daily.text).toContain("3 personnes vous ont laissé leurs coordonnées.");
    expect(daily.text).toContain("récapitulatif quotidien");
  });
});
