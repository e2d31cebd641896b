import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { addDays, localDay } from '../src/domain/dates.ts';
import { describeE2E, screenshot } from './support/browser.ts';
import { useE2E, type Width } from './support/harness.ts';

// Issue 16 in the browser: the owner opens Reports, picks a period, reads the summary and a chart's numbers as a
// table, and downloads that table as CSV; the page at 360 and 1280 px.

describeE2E('reports', () => {
  const e2e = useE2E();

  it('an owner picks a period, sees the summary and the payment methods as a table, and exports them as CSV', async () => {
    const page = await e2e.openAs('owner', '/app/reports', 1280);
    await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor();
    // The demo shop's sales are from the last three days: a custom week ending today (Accra) holds them all.
    const today = localDay(new Date(), 'Africa/Accra');
    const from = addDays(today, -6);
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('from') === from &&
        url.searchParams.get('to') === today &&
        url.searchParams.get('business') === 'demo',
    );
    // The period is in the address: a reload shows the same report.
    await page.reload();
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(from);

    // The cards and the summary table agree with the server's figures for the same period.
    const report = await (
      await page.request.get(e2e.url(`/api/v1/reports/summary?from=${from}&to=${today}&business=demo`))
    ).json();
    expect(report.figures.transaction_count).toBeGreaterThan(0);
    const cedis = (pesewas: number) =>
      `₵${Math.floor(pesewas / 100).toLocaleString('en-GH')}.${String(pesewas % 100).padStart(2, '0')}`;
    const summary = page.getByRole('table', { name: 'Sales summary' });
    await summary
      .getByRole('row', { name: new RegExp(`^Net sales ${escapeRegExp(cedis(report.figures.net_sales))}`) })
      .waitFor();
    await page.getByText(`${report.figures.transaction_count}`, { exact: true }).first().waitFor();

    // The payment-method chart, then its numbers as a table.
    const payments = page.getByRole('region', { name: 'Sales by payment method' });
    await payments.getByRole('img', { name: /^Sales by payment method: / }).waitFor();
    await payments.getByRole('button', { name: 'Show as table' }).click();
    const table = payments.getByRole('table', { name: 'Sales by payment method' });
    const cashRow = table.getByRole('row', { name: /^Cash / });
    const cash = report.payment_methods.find((row: { channel: string }) => row.channel === 'cash');
    await expect.poll(() => cashRow.textContent()).toContain(cedis(cash.amount));

    // The CSV of that table holds the same figures, in cedis.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      payments.getByRole('link', { name: 'Export Sales by payment method as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`demo-payment-methods-${from}-to-${today}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Payment method,Transactions,Amount');
    expect(lines).toContain(`Cash,${cash.count},${(cash.amount / 100).toFixed(2)}`);
    expect(lines).toHaveLength(report.payment_methods.length + 1);
    await screenshot(page, 'reports-1280');
  });

  it.each([360, 1280] as Width[])(
    'reads well at %i px: cards, charts and tables fit the screen',
    async (width) => {
      const page = await e2e.openAs('owner', '/app/reports?period=this_month', width);
      await page.getByRole('table', { name: 'Sales summary' }).waitFor();
      await page.getByRole('region', { name: 'Stock valuation' }).getByRole('table').waitFor();
      // Nothing wider than the window.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `reports-month-${width}`);
      if (width !== 1280) return;
      // Printed, only the summary shows, and it fits one A4 page.
      await page.emulateMedia({ media: 'print' });
      await page.getByRole('heading', { name: /· Sales summary$/ }).waitFor();
      expect(await page.getByRole('heading', { name: 'Reports & Analytics' }).isVisible()).toBe(false);
      await screenshot(page, 'reports-print');
      const pdf = Buffer.from(await page.pdf({ preferCSSPageSize: true })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    },
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
