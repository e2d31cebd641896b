// A sheet of shelf labels: A4 with 3 × 8 labels of 63.5 × 33.9 mm (the common "24 per sheet" stock), each
// with the product name, its price and its barcode.

export const LABEL_SHEET = {
  pageWidthMm: 210,
  pageHeightMm: 297,
  columns: 3,
  rows: 8,
  labelWidthMm: 63.5,
  labelHeightMm: 33.9,
  /** Left and top margins and the gap between columns, as printed on the stock. */
  marginLeftMm: 7.2,
  marginTopMm: 12.9,
  columnGapMm: 2.5,
} as const;
export const LABELS_PER_SHEET = LABEL_SHEET.columns * LABEL_SHEET.rows;
export const MAX_LABEL_COPIES = 100;

/** Each product repeated `copies` times, cut into pages of LABELS_PER_SHEET. */
export function layoutLabelSheets<T>(items: { item: T; copies: number }[]): T[][] {
  const labels: T[] = [];
  for (const { item, copies } of items) {
    const count = Math.max(0, Math.min(MAX_LABEL_COPIES, Math.floor(copies)));
    for (let i = 0; i < count; i++) labels.push(item);
  }
  const pages: T[][] = [];
  for (let start = 0; start < labels.length; start += LABELS_PER_SHEET) {
    pages.push(labels.slice(start, start + LABELS_PER_SHEET));
  }
  return pages;
}

/** Names longer than a label holds are cut with an ellipsis. */
export function labelName(name: string, max = 48): string {
  return name.length <= max ? name : `${name.slice(0, max - 1).trimEnd()}…`;
}
