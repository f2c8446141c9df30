// QR codes as PNG data URLs, which the Content-Security-Policy allows (img-src data:). The
// qrcode package is loaded on first use, so screens without a QR code never download it.
// (supabase-js hands TOTP enrolment an SVG data URL with an unescaped '#', which browsers cut
// short: the enrolment QR code is drawn here from the otpauth:// URI instead.)

export type QrCodeOptions = { size?: number };

export async function qrCodeDataUrl(text: string, options: QrCodeOptions = {}): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: options.size ?? 240 });
}
