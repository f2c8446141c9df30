// Reads a QR code the way a phone does: from the pixels of the image the page shows.
import jsQR from 'jsqr';
import type { Locator } from '@playwright/test';

/** The text of the QR code in an <img>; throws when the image does not load or holds no code. */
export async function readQrCode(image: Locator): Promise<string> {
  const { width, height, pixels } = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, 0, 0);
    return { width: canvas.width, height: canvas.height, pixels: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  });
  const code = jsQR(Uint8ClampedArray.from(pixels), width, height);
  if (!code) throw new Error(`No QR code in the ${width}×${height} image`);
  return code.data;
}
