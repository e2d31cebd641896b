import { describe, expect, it } from 'vitest';
import { inTurn } from './in-turn.ts';

describe('inTurn', () => {
  it('starts each step only after the one before has finished, and returns the results in order', async () => {
    const events: string[] = [];
    const step = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`end ${name}`);
      return name;
    };
    const results = await inTurn(step('slow', 20), step('fast', 1));
    expect(results).toEqual(['slow', 'fast']);
    expect(events).toEqual(['start slow', 'end slow', 'start fast', 'end fast']);
  });
});
