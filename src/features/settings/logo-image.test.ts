import { describe, expect, it } from 'vitest';
import { fitLogo, isStorableLogo, LOGO_MAX_STORED_BYTES, logoFileProblem, type Encode } from './logo-image';

describe('logoFileProblem', () => {
  it('refuses what is not an image, and a 20 MB image, with a message for the field', () => {
    expect(logoFileProblem({ type: 'application/pdf', size: 1000 })).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    expect(logoFileProblem({ type: 'image/svg+xml', size: 1000 })).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    expect(logoFileProblem({ type: 'image/jpeg', size: 20 * 1024 * 1024 })).toBe('The image is 20.0 MB; choose one under 10.0 MB.');
    expect(logoFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toBeNull();
  });
});

describe('isStorableLogo', () => {
  it('accepts nothing, or a PNG, JPEG or WebP data URL of at most 200 KB', () => {
    expect(isStorableLogo('')).toBe(true);
    expect(isStorableLogo('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isStorableLogo(`data:image/webp;base64,${'A'.repeat(LOGO_MAX_STORED_BYTES - 23)}`)).toBe(true);
    expect(isStorableLogo(`data:image/webp;base64,${'A'.repeat(LOGO_MAX_STORED_BYTES)}`)).toBe(false);
    expect(isStorableLogo('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isStorableLogo('https://example.com/logo.png')).toBe(false);
  });
});

/** A fake encoder whose output grows with the pixels: `bytesPerPixel` per format. */
function encoder(bytesPerPixel: Record<string, number>, calls: string[]): Encode {
  return async (width, height, type, quality) => {
    calls.push(`${type}@${quality ?? 1} ${width}x${height}`);
    const size = Math.round(width * height * bytesPerPixel[type]! * (quality ?? 1));
    return `data:${type};base64,${'A'.repeat(size)}`;
  };
}

describe('fitLogo', () => {
  it('keeps a small image at its own size as PNG', async () => {
    const calls: string[] = [];
    const url = await fitLogo({ width: 200, height: 100 }, encoder({ 'image/png': 1 }, calls));
    expect(calls).toEqual(['image/png@1 200x100']);
    expect(url).toMatch(/^data:image\/png;base64,/);
  });

  it('shrinks a large photo to a longest edge of 512 and tries WebP before going smaller', async () => {
    const calls: string[] = [];
    const url = await fitLogo({ width: 4000, height: 3000 }, encoder({ 'image/png': 3, 'image/webp': 0.8 }, calls));
    expect(calls).toEqual(['image/png@1 512x384', 'image/webp@0.9 512x384']);
    expect(url!.length).toBeLessThanOrEqual(LOGO_MAX_STORED_BYTES);
    expect(url).toMatch(/^data:image\/webp;base64,/);
  });

  it('goes down in size until it fits, and gives up below the smallest', async () => {
    const calls: string[] = [];
    expect(await fitLogo({ width: 1000, height: 1000 }, encoder({ 'image/png': 5, 'image/webp': 2 }, calls))).toMatch(/^data:image\/(png|webp)/);
    expect(calls.at(-1)).toMatch(/ 256x256$/);
    expect(await fitLogo({ width: 1000, height: 1000 }, encoder({ 'image/png': 100, 'image/webp': 100 }, []))).toBeNull();
  });
});
