// Plain-text and HTML bodies from one description, so the two never disagree. Everything is escaped.

export type MailContent = {
  businessName: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. when a link expires. */
  footnote?: string;
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${content.businessName}`,
  ].join('\n');

  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#15803d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#6b7280">Or open this link: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f9fafb;padding:24px;color:#1f2937">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e5e7eb">
<p style="font-size:13px;color:#6b7280;margin:0 0 8px">${escapeHtml(content.businessName)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:12px;color:#6b7280">${escapeHtml(content.footnote)}</p>` : ''}
</div></body></html>`;
  return { text, html };
}
