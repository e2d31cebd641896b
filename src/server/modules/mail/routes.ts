import { access } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { isLoopbackRequest } from '../../http/loopback.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { escapeHtml, listMailbox } from './index.ts';

/** Whether /dev/mailbox is served: only with DEV_MAILBOX on and no SMTP server (mail is captured, not sent). */
export function isDevMailboxEnabled(deps: AppDeps): boolean {
  return deps.config.DEV_MAILBOX !== 'off' && !deps.mailer.delivers;
}

export const MAILBOX_NOT_HERE = () =>
  new AppError(
    'MAILBOX_LOCAL_ONLY',
    'The development mailbox can only be opened on the machine that runs the server.',
    404,
  );

// The development mailbox: the captured mails, newest first, so sign-up, reset and invitation links can be
// followed on a machine without a mail server. It holds every business's reset links, so it is never served
// to another machine, and by default only to a signed-in internal admin (docs/decisions.md, Mail).
export async function mailRoutes(app: App, deps: AppDeps): Promise<void> {
  if (!isDevMailboxEnabled(deps)) return;
  app.get(
    '/dev/mailbox',
    {
      config: { access: deps.config.DEV_MAILBOX === 'loopback' ? access.public : access.admin('admin') },
      schema: { hide: true },
      // Before the access check, so that another machine learns nothing, not even that an admin could see it.
      onRequest: async (request) => {
        if (!isLoopbackRequest(request, deps.config.TRUST_PROXY)) throw MAILBOX_NOT_HERE();
      },
    },
    async (_request, reply) => {
      const mails = await listMailbox(deps.database);
      const items = mails
        .map(
          (
            mail,
          ) => `<article><header><strong>${escapeHtml(mail.subject)}</strong><span>to ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt.toISOString())} · ${escapeHtml(mail.kind)}</span></header>
<pre>${linkify(escapeHtml(mail.text))}</pre></article>`,
        )
        .join('\n');
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:10px;margin:12px 0;padding:12px 16px}header{display:flex;flex-direction:column;gap:2px}header span{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Development mailbox</h1><p>Mail is not sent from this server (no SMTP_URL); it is kept here instead. Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    },
  );
}

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
