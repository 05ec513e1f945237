/**
 * Browser only: an ID photo made small before it is uploaded (docs/product.md#real-name): scaled to fit
 * 1200×1200, encoded as JPEG at quality 0.8, and while it is over 1 MB encoded again at 0.8 × the quality, never
 * below 0.1. The provider decodes and re-encodes whatever arrives anyway (decision 0071); this only saves the
 * customer's data and time. Decoding uses `createImageBitmap` (no object URL: the page's CSP allows images from
 * itself and `data:` only), else a `data:` URL in an <img>.
 */
export const MAX_SIDE = 1200;
export const START_QUALITY = 0.8;
export const TARGET_BYTES = 1024 * 1024;
export const MIN_QUALITY = 0.1;

/** Why a photo could not be prepared; each has its own message (wallet:realName.*). */
export type ImageProblem = "notImage" | "invalidImage" | "loadFailed" | "readFailed" | "compressFailed";

export class ImagePreparationError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/** The size that fits `max`×`max` keeping the proportions (never enlarged). */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The qualities tried in turn: 0.8, 0.64, 0.512 … down to 0.1 (the floor itself is the last try). */
export function qualitySteps(start = START_QUALITY, floor = MIN_QUALITY): number[] {
  const steps: number[] = [];
  for (let quality = start; quality > floor; quality *= 0.8) steps.push(Number(quality.toFixed(4)));
  steps.push(floor);
  return steps;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ImagePreparationError("readFailed"));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImagePreparationError("loadFailed"));
    image.src = src;
  });
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === "function") {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height };
    } catch {
      throw new ImagePreparationError("invalidImage");
    }
  }
  const image = await loadImage(await readAsDataUrl(file));
  return { source: image, width: image.naturalWidth, height: image.naturalHeight };
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new ImagePreparationError("compressFailed"))),
      "image/jpeg",
      quality,
    );
  });
}

/** The photo to upload, as a JPEG `File` of at most 1200×1200, under 1 MB when the quality floor allows. */
export async function prepareImage(file: File): Promise<File> {
  if (!file.type.startsWith("image/")) throw new ImagePreparationError("notImage");
  const { source, width, height } = await decode(file);
  if (!width || !height) throw new ImagePreparationError("invalidImage");
  const size = fitWithin(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new ImagePreparationError("compressFailed");
  context.drawImage(source, 0, 0, size.width, size.height);
  let blob: Blob | null = null;
  for (const quality of qualitySteps()) {
    blob = await encode(canvas, quality);
    if (blob.size <= TARGET_BYTES) break;
  }
  const name = file.name.replace(/\.[^.]*$/, "") || "photo";
  return new File([blob!], `${name}.jpg`, { type: "image/jpeg" });
}
