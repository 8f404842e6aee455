/**
 * The admin's Instagram-style posts of the landing page (`/api/admin/posts`): the body a post is
 * created or edited with, and the row the remote lists.
 */
import { z } from "zod";
import { text } from "../platform/text-field";

// Every text field goes through the one text rule (text.ts, decision 0042); a caption may run
// over several lines.
const optionalText = (max: number, label: string) =>
  text({ label, max, tooLong: `${label} is at most ${max} characters.`, end: ".", multiline: true })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** http(s) URLs, or a site path for bundled images; never javascript: or data:. */
const isSafeUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^/\s][^\s]*$/.test(value);

const urlText = (label: string, required?: string) =>
  text({ label, required, max: 500, tooLong: `${label} is at most 500 characters.`, end: "." });

const safeUrl = (label: string) =>
  urlText(label, `${label} is required.`).refine(isSafeUrl, {
    message: `${label} must be an http(s) address or a path starting with /.`,
  });

export const InstagramPostBodySchema = z.object({
  image_url: safeUrl("Image URL"),
  caption: optionalText(500, "Caption"),
  // Optional: absent, null or blank is null (one field, so its own message, never "Invalid input").
  permalink: urlText("Permalink")
    .refine((value) => value === "" || isSafeUrl(value), {
      message: "Permalink must be an http(s) address or a path starting with /.",
    })
    .nullish()
    .transform((value) => value || null),
  is_active: z.boolean().default(true),
  display_order: z
    .union([z.number(), z.string().trim()])
    .default(0)
    .transform((value, ctx) => {
      const n = typeof value === "number" ? value : /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > 1_000_000) {
        ctx.addIssue({ code: "custom", message: "Display order must be a whole number." });
        return z.NEVER;
      }
      return n;
    }),
});

export type InstagramPostInput = z.input<typeof InstagramPostBodySchema>;

export type InstagramPost = {
  id: number;
  image_url: string;
  caption: string | null;
  permalink: string | null;
  is_active: boolean;
  display_order: number;
};
