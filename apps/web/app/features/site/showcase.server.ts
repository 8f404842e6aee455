import type { RouterContextProvider } from "react-router";
import { requestContext } from "../../request-context.server";
import { featuredArticle } from "./blog.server";
import { loadInstagramTiles } from "./instagram.server";

/** What the landing and Learn More pages both show: the featured article and the photo grid. */
export async function loadShowcase(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = requestContext(request, context);
  return {
    origin: new URL(request.url).origin,
    featured: featuredArticle(),
    tiles: await loadInstagramTiles(db),
  };
}
