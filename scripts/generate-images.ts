/// <reference lib="dom" />
/**
 * Draws the site's imagery (original textile studies, no photography) and writes it to
 * apps/web/public/images as WebP at every listed width, plus one JPEG fallback per image.
 * The output is committed; run this only when apps/web/app/lib/artwork.ts changes:
 *   npx tsx scripts/generate-images.ts
 * It renders with the same Chromium the end-to-end tests use (no image library needed):
 * canvas can encode WebP and JPEG, and the drawing is seeded, so reruns give the same files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { chromium } from "@playwright/test";
import { ARTWORK, type ArtworkSpec, INSTAGRAM_TILES, SOCIAL_CARD } from "../apps/web/app/features/site/artwork-specs";
import { ROOT } from "./dev-vars";

const OUT = join(ROOT, "apps/web/public/images");

/** Runs in the page: draws one spec at full size, returns data URLs per requested output. */
function render(spec: ArtworkSpec, outputs: { width: number; type: string; quality: number }[], text: string[]) {
  const { width: W, height: H, seed } = spec;
  let state = seed * 2654435761;
  const rand = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hash = (x: number, y: number) => {
    let h = (x * 374761393 + y * 668265263 + seed * 982451653) | 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const noise = (x: number, y: number) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = smooth(x - xi);
    const yf = smooth(y - yi);
    const a = hash(xi, yi) + (hash(xi + 1, yi) - hash(xi, yi)) * xf;
    const b = hash(xi, yi + 1) + (hash(xi + 1, yi + 1) - hash(xi, yi + 1)) * xf;
    return a + (b - a) * yf;
  };
  const fbm = (x: number, y: number, octaves = 4) => {
    let sum = 0;
    let amp = 0.5;
    let f = 1;
    for (let i = 0; i < octaves; i++) {
      sum += amp * noise(x * f, y * f);
      amp /= 2;
      f *= 2;
    }
    return sum;
  };
  const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));
  const palette = spec.colors.map(hex);
  const shade = (t: number): number[] => {
    const v = Math.min(1, Math.max(0, t)) * (palette.length - 1);
    const i = Math.min(palette.length - 2, Math.floor(v));
    const f = v - i;
    const [from, to] = [palette[i] ?? [0, 0, 0], palette[i + 1] ?? [0, 0, 0]];
    return [0, 1, 2].map((k) => (from[k] ?? 0) + ((to[k] ?? 0) - (from[k] ?? 0)) * f);
  };
  const phase = rand() * Math.PI * 2;
  const s = W / 1200; // thread sizes scale with the canvas
  const field: Record<string, (x: number, y: number) => number> = {
    silk: (x, y) => {
      const u = x / W;
      const v = y / H;
      const fold = Math.sin(u * 7 + 2.4 * Math.sin(v * 3.2 + phase) + 1.4 * Math.sin(u * 2.1 - v * 4.3 + phase));
      const sheen = 0.5 + 0.5 * Math.sin(fold * 1.8 + v * 2.2);
      return 0.12 + 0.85 * sheen ** 1.5 + (fbm(x / (90 * s), y / (90 * s)) - 0.5) * 0.12;
    },
    twill: (x, y) => {
      const p = 9 * s;
      const d = (((x + y * 1.4) % p) + p) % p;
      const thread = Math.sin((Math.PI * d) / p) ** 0.7;
      const weft = 0.85 + 0.15 * Math.sin((y / (3 * s)) * Math.PI);
      const light = 0.55 + 0.35 * Math.sin(x / W + (y / H) * 1.3 + phase);
      return thread * weft * light + (fbm(x / (40 * s), y / (40 * s)) - 0.5) * 0.35 + (hash(x, y) - 0.5) * 0.08;
    },
    pleats: (x, y) => {
      const period = 95 * s;
      const bend = 18 * s * Math.sin((y / H) * 3 + phase);
      const f = ((((x + bend) / period) % 1) + 1) % 1;
      const face = f < 0.78 ? 0.25 + 0.6 * (f / 0.78) ** 1.3 : 0.08;
      const beam = Math.exp(-(((y / H - 0.42 - 0.1 * (x / W)) / 0.16) ** 2));
      return face * (0.45 + 0.55 * beam) + (fbm(x / (60 * s), y / (60 * s)) - 0.5) * 0.1;
    },
    suede: (x, y) => {
      const nap = fbm(x / (220 * s), y / (28 * s), 5);
      const light = 0.5 + 0.2 * Math.sin((x / W) * 2 + (y / H) * 1.5 + phase);
      return light + (nap - 0.5) * 0.7 + (hash(x, y) - 0.5) * 0.12;
    },
    leather: (x, y) => {
      const grain = 1 - Math.abs(fbm(x / (14 * s), y / (14 * s), 3) * 2 - 1);
      const light = 0.45 + 0.25 * Math.sin((x / W) * 1.6 - y / H + phase);
      return light + (grain - 0.6) * 0.45 + (fbm(x / (300 * s), y / (300 * s)) - 0.5) * 0.3;
    },
    boucle: (x, y) => {
      const loops = fbm(x / (9 * s), y / (9 * s), 3);
      const clumps = fbm(x / (70 * s), y / (70 * s), 3);
      return 0.25 + 0.9 * (loops * 0.6 + clumps * 0.4) ** 1.4 + (hash(x, y) - 0.5) * 0.1;
    },
    tag: (x, y) => {
      const p = 5 * s;
      const warp = Math.sin((Math.PI * (((x % p) + p) % p)) / p);
      const weft = Math.sin((Math.PI * (((y % p) + p) % p)) / p);
      const slub = fbm(x / (120 * s), y / (6 * s), 3);
      return 0.62 + 0.18 * warp * weft + (slub - 0.5) * 0.25 + (hash(x, y) - 0.5) * 0.05;
    },
  };
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
  const img = ctx.createImageData(W, H);
  const fn = field[spec.weave] ?? (() => 0.5);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [r = 0, g = 0, b = 0] = shade(fn(x, y));
      const o = (y * W + x) * 4;
      img.data[o] = r;
      img.data[o + 1] = g;
      img.data[o + 2] = b;
      img.data[o + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);

  const [gold = "#8c6a3f", , paper = "#faf7f2"] = spec.colors;
  if (spec.weave === "tag") {
    // A woven label with its antenna embroidered as running stitches.
    const lw = W * 0.46;
    const lh = lw * 0.62;
    const lx = (W - lw) / 2;
    const ly = (H - lh) / 2;
    ctx.shadowColor = "rgba(40,30,20,0.18)";
    ctx.shadowBlur = 24 * s;
    ctx.shadowOffsetY = 8 * s;
    ctx.fillStyle = paper;
    ctx.fillRect(lx, ly, lw, lh);
    ctx.shadowColor = "transparent";
    ctx.strokeStyle = "rgba(60,45,30,0.08)";
    ctx.lineWidth = 1 * s;
    for (let yy = ly + 3 * s; yy < ly + lh; yy += 3 * s) {
      ctx.beginPath();
      ctx.moveTo(lx, yy);
      ctx.lineTo(lx + lw, yy);
      ctx.stroke();
    }
    ctx.strokeStyle = gold;
    ctx.setLineDash([9 * s, 6 * s]);
    for (let i = 0; i < 4; i++) {
      const inset = (14 + i * 11) * s;
      ctx.lineWidth = 2.2 * s;
      ctx.beginPath();
      ctx.roundRect(lx + inset, ly + inset, lw - 2 * inset, lh - 2 * inset, 18 * s);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.fillStyle = gold;
    ctx.font = `${Math.round(lh * 0.17)}px Georgia, 'DejaVu Serif', serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("R E L E V É", W / 2, H / 2);
  }
  if (spec.weave === "leather") {
    ctx.strokeStyle = "rgba(235,215,190,0.75)";
    ctx.lineWidth = 3 * s;
    ctx.setLineDash([14 * s, 10 * s]);
    ctx.beginPath();
    ctx.moveTo(W * 0.62, -10);
    ctx.bezierCurveTo(W * 0.6, H * 0.3, W * 0.68, H * 0.7, W * 0.64, H + 10);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (text.length) {
    ctx.fillStyle = "#16130f";
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.font = `${Math.round(H * 0.16)}px Georgia, 'DejaVu Serif', serif`;
    ctx.fillText(text[0] ?? "", W * 0.07, H * 0.56);
    ctx.fillStyle = "#6b645a";
    ctx.font = `${Math.round(H * 0.055)}px Georgia, 'DejaVu Serif', serif`;
    ctx.fillText(text[1] ?? "", W * 0.07, H * 0.7);
  }

  return outputs.map(({ width, type, quality }) => {
    const out = document.createElement("canvas");
    out.width = width;
    out.height = Math.round((H * width) / W);
    const octx = out.getContext("2d") as CanvasRenderingContext2D;
    octx.imageSmoothingQuality = "high";
    octx.drawImage(canvas, 0, 0, out.width, out.height);
    return out.toDataURL(type, quality);
  });
}

function write(file: string, dataUrl: string) {
  const path = join(OUT, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.from(dataUrl.split(",")[1] ?? "", "base64"));
  console.log(`  ${file}`);
}

// tsx compiles with keepNames, which wraps nested functions in __name(); the page has no such helper.
const RENDER = `const __name = (f) => f; (${render.toString()})`;
const draw = (page: import("@playwright/test").Page, ...args: Parameters<typeof render>) =>
  page.evaluate(`${RENDER}(...${JSON.stringify(args)})`) as Promise<string[]>;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage();
  const jobs: { spec: ArtworkSpec; fallback: string; text?: string[] }[] = [
    ...Object.values(ARTWORK).map((spec) => ({ spec, fallback: `${spec.path}.jpg` })),
    ...INSTAGRAM_TILES.map((spec) => ({ spec, fallback: `${spec.path}.jpg` })),
  ];
  for (const { spec, fallback } of jobs) {
    const outputs = [
      ...spec.widths.map((width) => ({ width, type: "image/webp", quality: 0.8 })),
      { width: Math.min(800, spec.width), type: "image/jpeg", quality: 0.82 },
    ];
    const urls = await draw(page, spec, outputs, []);
    for (const [i, width] of spec.widths.entries()) write(`${spec.path}-${width}.webp`, urls[i] ?? "");
    write(fallback, urls[outputs.length - 1] ?? "");
  }
  const [card] = await draw(
    page,
    SOCIAL_CARD,
    [{ width: SOCIAL_CARD.width, type: "image/jpeg", quality: 0.85 }],
    ["RELEVÉ", "Couture that connects."],
  );
  write(`${SOCIAL_CARD.path}.jpg`, card ?? "");
} finally {
  await browser.close();
}
