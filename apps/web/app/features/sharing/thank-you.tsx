import { CONTACT_MESSAGES } from "@releve/core/sharing/contact";
import { buttonClass } from "@releve/ui";
import { Link } from "react-router";

export const meta = () => [{ title: "Thank you · Relevé" }, { name: "robots", content: "noindex" }];

export default function ThankYouRoute() {
  const [title, ...rest] = CONTACT_MESSAGES.thankYou.split("! ");
  return (
    <section role="status" className="mx-auto flex max-w-md flex-col items-center px-5 py-20 text-center">
      <h1 className="font-display text-4xl">{title}!</h1>
      <p className="mt-3 text-stone">{rest.join("! ")}</p>
      <Link to="/" className={buttonClass("secondary", "mt-8")}>
        Return Home
      </Link>
    </section>
  );
}
