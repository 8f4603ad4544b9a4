import { useEffect, useState } from 'react';
import { toString as renderQr } from 'qrcode';

/**
 * The otpauth:// URI as a QR code, drawn in the browser (the secret never leaves it). Always dark on white with a
 * quiet zone, so phones read it in the dark theme too.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    renderQr(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((markup) => !cancelled && setSvg(markup))
      .catch(() => !cancelled && setSvg(null));
    return () => {
      cancelled = true;
    };
  }, [value]);
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="two-factor-qr"
      className="size-44 shrink-0 overflow-hidden rounded-lg border bg-white [&_svg]:size-full"
      // The markup comes from the qrcode package, built from the URI the server sent: no user-typed HTML.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
