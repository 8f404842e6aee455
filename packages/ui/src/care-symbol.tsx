/**
 * A care symbol as ISO 3758 draws it (issue #31): the washtub, the triangle, the square, the iron
 * and the circle, with their temperatures, dots, bars, letters and crosses. Decorative: the words
 * always stand beside it (aria-hidden here), so the symbol adds recognition, never meaning. Codes
 * are those of @releve/core passport/product-rules (CARE_SYMBOLS); an unknown code draws nothing.
 */

import type { ReactNode } from "react";

const STROKE = { fill: "none", stroke: "currentColor", strokeWidth: 1.6, strokeLinejoin: "round" } as const;

/** The St Andrew's cross of a 'do not'. */
const Cross = () => <path d="M5 5 L27 27 M27 5 L5 27" {...STROKE} />;

/** Bars under a symbol: one for mild, two for very mild. */
const Bars = ({ n }: { n: number }) => (
  <>
    {n >= 1 && <path d="M6 29.5 H26" {...STROKE} />}
    {n >= 2 && <path d="M6 31.5 H26" {...STROKE} strokeWidth={1.2} />}
  </>
);

/** `n` dots in a row centred on (cx, cy): the heat of a dryer or an iron. */
const dots = (n: number, cx: number, cy: number, gap = 4.5) => {
  const xs = Array.from({ length: n }, (_, i) => cx + (i - (n - 1) / 2) * gap);
  return xs.map((x) => <circle key={x} cx={x} cy={cy} r={1.4} fill="currentColor" />);
};

function Washing({ code }: { code: string }) {
  const tub = <path d="M4 9 L7 25 H25 L28 9 M4 9 Q8 12 12 9 Q16 6 20 9 Q24 12 28 9" {...STROKE} />;
  if (code === "no-wash")
    return (
      <>
        {tub}
        <Cross />
      </>
    );
  if (code === "hand-wash")
    return (
      <>
        {tub}
        <path d="M11 21 V15 M13.5 21 V13.5 M16 21 V13 M18.5 21 V14 M11 21 Q15 24 20.5 19 L21.5 16.5" {...STROKE} />
      </>
    );
  const match = /^wash-(\d+)(-mild|-very-mild)?$/.exec(code);
  if (!match) return null;
  return (
    <>
      {tub}
      <text x="16" y="21.5" textAnchor="middle" fontSize="8.5" fontFamily="sans-serif" fill="currentColor">
        {match[1]}
      </text>
      <Bars n={match[2] === "-mild" ? 1 : match[2] === "-very-mild" ? 2 : 0} />
    </>
  );
}

function Bleaching({ code }: { code: string }) {
  const triangle = <path d="M16 5 L28 26 H4 Z" {...STROKE} />;
  if (code === "bleach-any") return triangle;
  if (code === "bleach-oxygen")
    return (
      <>
        {triangle}
        <path d="M13 22 L17 13 M17 22 L21 13" {...STROKE} />
      </>
    );
  if (code === "no-bleach")
    return (
      <>
        <path d="M16 5 L28 26 H4 Z" fill="currentColor" fillOpacity={0.12} stroke="currentColor" strokeWidth={1.6} />
        <Cross />
      </>
    );
  return null;
}

function Drying({ code }: { code: string }) {
  const square = <rect x="5" y="5" width="22" height="22" {...STROKE} />;
  const shade = <path d="M5 11 L11 5 M5 15 L15 5" {...STROKE} strokeWidth={1.2} />;
  const tumble = <circle cx="16" cy="16" r="8" {...STROKE} />;
  const marks: Record<string, ReactNode> = {
    "tumble-normal": (
      <>
        {tumble}
        {dots(2, 16, 16)}
      </>
    ),
    "tumble-low": (
      <>
        {tumble}
        {dots(1, 16, 16)}
      </>
    ),
    "no-tumble": (
      <>
        {tumble}
        <Cross />
      </>
    ),
    "line-dry": <path d="M16 9 V23" {...STROKE} />,
    "drip-line-dry": <path d="M13.5 9 V23 M18.5 9 V23" {...STROKE} />,
    "flat-dry": <path d="M9 16 H23" {...STROKE} />,
    "drip-flat-dry": <path d="M9 13.5 H23 M9 18.5 H23" {...STROKE} />,
    "line-dry-shade": (
      <>
        {shade}
        <path d="M18 9 V23" {...STROKE} />
      </>
    ),
    "flat-dry-shade": (
      <>
        {shade}
        <path d="M10 19 H24" {...STROKE} />
      </>
    ),
  };
  const mark = marks[code];
  if (mark === undefined) return null;
  return (
    <>
      {square}
      {mark}
    </>
  );
}

function Ironing({ code }: { code: string }) {
  const iron = <path d="M4 24 H28 L26 13 Q25 10 21 10 H11 Q9 10 9 13 M4 24 Q4 16 13 15 H26.5" {...STROKE} />;
  const n = { "iron-high": 3, "iron-medium": 2, "iron-low": 1 }[code];
  if (code === "no-iron")
    return (
      <>
        {iron}
        <Cross />
      </>
    );
  if (n === undefined) return null;
  return (
    <>
      {iron}
      {dots(n, 17.5, 19.5, 4)}
    </>
  );
}

function Professional({ code }: { code: string }) {
  const circle = <circle cx="16" cy="15" r="10" {...STROKE} />;
  if (code === "no-dry-clean")
    return (
      <>
        {circle}
        <Cross />
      </>
    );
  const match = /^(dry-clean-p|dry-clean-f|wet-clean)(-mild|-very-mild)?$/.exec(code);
  if (!match) return null;
  const letter = { "dry-clean-p": "P", "dry-clean-f": "F", "wet-clean": "W" }[match[1] ?? ""] ?? "";
  return (
    <>
      {circle}
      <text x="16" y="19" textAnchor="middle" fontSize="11" fontFamily="sans-serif" fill="currentColor">
        {letter}
      </text>
      <Bars n={match[2] === "-mild" ? 1 : match[2] === "-very-mild" ? 2 : 0} />
    </>
  );
}

const DRAW = {
  washing: Washing,
  bleaching: Bleaching,
  drying: Drying,
  ironing: Ironing,
  professional: Professional,
} as const;

export type CareSymbolCategory = keyof typeof DRAW;

/** The symbol of one care choice, `size` px square (32 by default); the words go beside it. */
export function CareSymbol({
  category,
  code,
  size = 32,
  className,
}: {
  category: CareSymbolCategory;
  code: string;
  size?: number;
  className?: string;
}) {
  const Draw = DRAW[category];
  return (
    <svg
      viewBox="0 0 32 33"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={className}
      data-care-symbol={code}
    >
      <Draw code={code} />
    </svg>
  );
}
