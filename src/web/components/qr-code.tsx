import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A QR code drawn as SVG (no image request, crisp at any size); `label` is what it opens, for screen readers. */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { count, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const modules = code.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) if (code.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
    return { count: modules, path: d };
  }, [value]);
  // A quiet zone of 2 modules around the code, as scanners need.
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-2 -2 ${count + 4} ${count + 4}`}
      width={size}
      height={size}
      className="rounded-md bg-white"
      shapeRendering="crispEdges"
    >
      <rect x={-2} y={-2} width={count + 4} height={count + 4} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
