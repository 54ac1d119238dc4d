import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as one SVG path from the `qrcode` library's module matrix: no canvas, no injected markup,
 * sharp at any size. Dark modules on a white quiet zone, so phone cameras read it on the dark theme.
 */
export function QrCode({ value, label, size = 184 }: { value: string; label: string; size?: number }) {
  const { d, n } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let y = 0; y < modules.size; y += 1)
      for (let x = 0; x < modules.size; x += 1)
        if (modules.get(x, y)) parts.push(`M${x + 2} ${y + 2}h1v1h-1z`);
    return { d: parts.join(''), n: modules.size + 4 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="share-qr"
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-lg"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
