import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "../../context";
import { featuredArticle } from "./blog.server";
import { loadInstagramTiles } from "./instagram.server";

/** What the landing and Learn More pages both show: the featured article and the photo grid. */
export async function loadShowcase(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = context.get(cloudflareContext);
  return {
    origin: new URL(request.url).origin,
    featured: featuredArticle(),
    tiles: await loadInstagramTiles(db),
  };
}
