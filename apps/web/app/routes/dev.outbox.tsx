import { listRecentOutbox } from "@releve/db/platform/outbox";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { requestContext } from "../request-context.server";
import type { Route } from "./+types/dev.outbox";

export const meta = () => [{ title: "Outbox (local only) · Relevé" }, { name: "robots", content: "noindex" }];

/** Local-only: the mail the app would have sent. Production answers 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = requestContext(request, context);
  if (env.APP_ENV === "production") throw new Response("Not Found", { status: 404 });
  const emails = await listRecentOutbox(db, 50);
  return { emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
}

/** Splits a plain-text body into text and link segments, keyed by their offset. */
function linkify(text: string): Array<{ at: number; text: string; href?: string }> {
  const out: Array<{ at: number; text: string; href?: string }> = [];
  let pos = 0;
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    if (match.index > pos) out.push({ at: pos, text: text.slice(pos, match.index) });
    out.push({ at: match.index, text: match[0], href: match[0] });
    pos = match.index + match[0].length;
  }
  if (pos < text.length) out.push({ at: pos, text: text.slice(pos) });
  return out;
}

export default function OutboxRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-5 py-12">
      <p className="text-xs uppercase tracking-[0.3em] text-gold">Local development only</p>
      <h1 className="mt-3 font-display text-4xl">Outbox</h1>
      <p className="mt-2 text-stone">
        Mail the app sent, newest first. In production it goes out through the Workers email binding.
      </p>
      {loaderData.emails.length === 0 ? (
        <p className="mt-10 text-stone">No emails yet.</p>
      ) : (
        <ol className="mt-10 flex flex-col gap-6">
          {loaderData.emails.map((email) => (
            <li key={email.id} className="border border-ink/10 bg-white p-5">
              <article aria-label={`${email.subject} to ${email.to}`}>
                <p className="text-xs text-stone">
                  To {email.to} · {new Date(email.createdAt).toLocaleString("en-GB")}
                </p>
                <h2 className="mt-1 font-display text-xl">{email.subject}</h2>
                {email.headers && (
                  <dl className="mt-2 text-xs text-stone" aria-label="Headers">
                    {Object.entries(JSON.parse(email.headers) as Record<string, string>).map(([name, value]) => (
                      <div key={name} className="flex flex-wrap gap-x-2">
                        <dt className="font-medium">{name}:</dt>
                        <dd className="break-all">{value}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                <p className="mt-3 whitespace-pre-wrap break-words text-sm">
                  {linkify(email.text).map((part) =>
                    part.href ? (
                      <a key={part.at} href={part.href} className="underline underline-offset-4">
                        {part.text}
                      </a>
                    ) : (
                      <span key={part.at}>{part.text}</span>
                    ),
                  )}
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
