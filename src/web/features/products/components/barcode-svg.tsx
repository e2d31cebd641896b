import { barRuns, encodeBarcode } from '#domain/catalog/barcode-symbols.ts';

const QUIET_ZONE = 10; // modules of white either side, so a scanner finds the start

/** A product code drawn as real bars (EAN-13 or Code 128) with the digits under them. */
export function BarcodeSvg({ code, className }: { code: string; className?: string }) {
  const symbol = encodeBarcode(code);
  if (!symbol) return <p className="text-muted-foreground text-xs">{code}</p>;
  const width = symbol.modules.length + QUIET_ZONE * 2;
  return (
    <svg
      viewBox={`0 0 ${width} 60`}
      preserveAspectRatio="none"
      className={className}
      role="img"
      aria-label={`Barcode ${code}`}
      data-symbology={symbol.symbology}
    >
      <rect x="0" y="0" width={width} height="60" fill="#fff" />
      {barRuns(symbol.modules).map((run) => (
        <rect key={run.x} x={run.x + QUIET_ZONE} y="2" width={run.width} height="46" fill="#000" />
      ))}
      <text
        x={width / 2}
        y="58"
        textAnchor="middle"
        fontSize="9"
        fontFamily="ui-monospace, monospace"
        fill="#000"
      >
        {code}
      </text>
    </svg>
  );
}
