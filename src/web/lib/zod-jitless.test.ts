import { describe, expect, it } from 'vitest';

describe('zod without compiled parsers', () => {
  it('is set before zod loads, and zod reads the setting', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // Parsing still works without `new Function`.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
