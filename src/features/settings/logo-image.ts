// The organization logo: checked, then resized in the browser until its data URL fits what the
// server stores (at most 200 KB, PNG, JPEG or WebP; see organizations_logo_is_a_small_image).
const LOGO_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const LOGO_MAX_STORED_BYTES = 204_800;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const STORED = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Why a chosen file cannot be a logo, or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image.';
  if (file.size > LOGO_MAX_UPLOAD_BYTES) return `The image is ${megabytes(file.size)}; choose one under ${megabytes(LOGO_MAX_UPLOAD_BYTES)}.`;
  return null;
}

/** Whether a stored value is a logo the server accepts. */
export function isStorableLogo(value: string): boolean {
  return value === '' || (value.length <= LOGO_MAX_STORED_BYTES && STORED.test(value));
}

export type Encode = (width: number, height: number, type: 'image/png' | 'image/webp' | 'image/jpeg', quality?: number) => Promise<string>;

const EDGES = [512, 384, 256, 192, 128, 96];

/**
 * The largest rendering (longest edge 512 px at most, never enlarged) whose data URL fits:
 * PNG first (sharp edges, transparency), then WebP at falling quality. Null when nothing fits.
 */
export async function fitLogo(natural: { width: number; height: number }, encode: Encode): Promise<string | null> {
  const longest = Math.max(natural.width, natural.height, 1);
  for (const edge of EDGES) {
    const scale = Math.min(1, edge / longest);
    const width = Math.max(1, Math.round(natural.width * scale));
    const height = Math.max(1, Math.round(natural.height * scale));
    for (const [type, quality] of [['image/png'], ['image/webp', 0.9], ['image/webp', 0.75]] as const) {
      const url = await encode(width, height, type, quality);
      // A browser without WebP encoding hands back PNG; the check below tells.
      if (isStorableLogo(url)) return url;
    }
  }
  return null;
}

/** Reads, resizes and encodes an image file in the browser; throws a message for the field. */
export async function resizeLogo(file: File): Promise<string> {
  const problem = logoFileProblem(file);
  if (problem) throw new Error(problem);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('This file is not an image that can be read. Choose a PNG, JPEG, WebP or GIF image.');
  }
  const encode: Encode = async (width, height, type, quality) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot resize images.');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL(type, quality);
  };
  try {
    const url = await fitLogo({ width: bitmap.width, height: bitmap.height }, encode);
    if (!url) throw new Error('This image stays over 200 KB even when small. Choose a simpler image.');
    return url;
  } finally {
    bitmap.close();
  }
}
