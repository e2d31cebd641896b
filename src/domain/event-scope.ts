// Who receives a live event (see live-events.ts): its scope, and a till's id. Apart from the events' zod
// schemas, so that a till reads its own id without loading zod.

export type EventScope =
  | { kind: 'business' }
  | { kind: 'till'; tillId: string }
  | { kind: 'display'; tillId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isTillId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The scope as stored and matched: 'business', 'till:<id>', 'display:<id>'. */
export function scopeKey(scope: EventScope): string {
  if (scope.kind === 'business') return 'business';
  return `${scope.kind}:${scope.tillId.toLowerCase()}`;
}

export function parseScopeKey(key: string): EventScope | null {
  if (key === 'business') return { kind: 'business' };
  const [kind, tillId, ...rest] = key.split(':');
  if (rest.length > 0 || !isTillId(tillId)) return null;
  if (kind === 'till' || kind === 'display') return { kind, tillId: tillId.toLowerCase() };
  return null;
}
