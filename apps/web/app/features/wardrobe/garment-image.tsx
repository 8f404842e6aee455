import { type GarmentLike, garmentPhoto } from "@releve/core/wardrobe/garment";

export type GarmentImageData = GarmentLike & {
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
  /** The card-size rendition (decision 0039), when the list has it. */
  photo_card_key?: string | null;
};

/**
 * A garment's picture (issue #19): the owner's photo from R2 at its stored size, or, without
 * one, the brand image the spec's keyword rule picks (part 1 §3). Explicit width and height
 * keep the layout still while it loads (CLS 0); the box crops to 4:5 either way.
 */
export function GarmentImage({
  garment,
  alt,
  className = "",
  eager = false,
  card = false,
}: {
  garment: GarmentImageData;
  alt: string;
  className?: string;
  eager?: boolean;
  /** Prefer the card-size rendition (the wardrobe grid); the width and height stay the photo's, for its shape. */
  card?: boolean;
}) {
  const photo = garment.photo_key && garment.photo_width && garment.photo_height;
  const key = (card && garment.photo_card_key) || garment.photo_key;
  return (
    <img
      src={photo ? `/photos/${key}` : `/images/garments/${garmentPhoto(garment)}.svg`}
      alt={photo ? alt : ""}
      width={photo ? (garment.photo_width ?? 400) : 400}
      height={photo ? (garment.photo_height ?? 500) : 500}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`aspect-[4/5] w-full bg-sand object-cover ${className}`}
    />
  );
}
