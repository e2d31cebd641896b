import { canEncodeCode128, code128Bars } from '#domain/code128.ts';

const QUIET_ZONE = 10; // modules of white either side, so a scanner finds the edges

/** The receipt number as a Code 128 barcode, drawn as SVG so it prints sharp at any paper width. */
export function ReceiptBarcode({ value, className }: { value: string; className?: string }) {
  if (!canEncodeCode128(value)) return null;
  const { bars, width } = code128Bars(value);
  const total = width + 2 * QUIET_ZONE;
  return (
    <svg
      viewBox={`0 0 ${total} 40`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={`Barcode ${value}`}
      className={className}
      data-testid="receipt-barcode"
    >
      <rect x="0" y="0" width={total} height="40" fill="#fff" />
      {bars.map(([x, barWidth]) => (
        <rect key={x} x={x + QUIET_ZONE} y="0" width={barWidth} height="40" fill="#000" />
      ))}
    </svg>
  );
}
