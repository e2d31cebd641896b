// The sample sale is the domain's, so the printed and the emailed receipt are tested on the same sale.
export { sampleSale } from '#domain/testing/sample-sale.ts';
