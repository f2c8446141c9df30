import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrCodeDataUrl } from './qr-code';

/** RGBA pixels of an 8-bit RGBA, non-interlaced PNG (what qrcode writes), all five row filters. */
function pngPixels(bytes: Buffer): { width: number; height: number; data: Uint8ClampedArray } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[9] !== 6 || body[12] !== 0) throw new Error('not an 8-bit RGBA non-interlaced PNG');
    }
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const data = new Uint8ClampedArray(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= 4 ? data[y * stride + x - 4]! : 0;
      const b = y > 0 ? data[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? data[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      data[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, data };
}

function scan(dataUrl: string): string | null {
  const { width, height, data } = pngPixels(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(data, width, height)?.data ?? null;
}

describe('qrCodeDataUrl', () => {
  it('draws a PNG that a scanner reads back as the exact text, # and all', async () => {
    const uri = 'otpauth://totp/Customer%20Engagement%20Portal:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Customer%20Engagement%20Portal#x';
    const url = await qrCodeDataUrl(uri, { size: 200 });
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(scan(url)).toBe(uri);
  });

  it('draws the public request link too', async () => {
    expect(scan(await qrCodeDataUrl('https://example.com/requests?org=summit-home'))).toBe('https://example.com/requests?org=summit-home');
  });
});
