// The one way dates and times are shown, on screen, on paper and in mail (operations §2: "month day, year,
// hours:minutes (seconds in the details)"). Always in the business's timezone (ARCHITECTURE "Time"), never the
// device's; a 24-hour clock, as shops in Ghana read it (docs/decisions.md).

export const DEFAULT_TIMEZONE = 'Africa/Accra';

type Parts = { month: string; day: string; year: string; hour: string; minute: string; second: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(at: string | Date, timeZone: string | null | undefined): Parts {
  const date = typeof at === 'string' ? new Date(at) : at;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone || DEFAULT_TIMEZONE);
  } catch {
    // An unknown zone name must not stop a receipt printing or a list showing.
    formatter = formatterFor(DEFAULT_TIMEZONE);
  }
  const parts: Parts = { month: '', day: '', year: '', hour: '', minute: '', second: '' };
  for (const part of formatter.formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof Parts] = part.value;
  }
  return parts;
}

/** 'Nov 22, 2026' — the date alone (a customer's last visit, a business's creation). */
export function formatDate(at: string | Date, timeZone?: string | null): string {
  const p = partsOf(at, timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** 'Nov 22, 2026, 22:20' — lists and receipts; 'Nov 22, 2026, 22:20:05' with `seconds` (the details). */
export function formatDateTime(
  at: string | Date,
  timeZone?: string | null,
  options: { seconds?: boolean } = {},
): string {
  const p = partsOf(at, timeZone);
  const time = options.seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${p.month} ${p.day}, ${p.year}, ${time}`;
}

/** '22:20' — the dashboard's recent transactions (operations §2: time as HH:mm). */
export function formatTime(at: string | Date, timeZone?: string | null): string {
  const p = partsOf(at, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** '2026-11-22' — the calendar day in the business's timezone (date filters, "today", the void window). */
export function localDay(at: string | Date, timeZone?: string | null): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  let zone = timeZone || DEFAULT_TIMEZONE;
  try {
    formatterFor(zone);
  } catch {
    zone = DEFAULT_TIMEZONE;
  }
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
