/**
 * Runs the queries of one transaction one after another and returns their results in order. A transaction is
 * one connection: queries sent together only queue on it (which the pg driver deprecates), so Promise.all
 * gains nothing there. Each step is a function, so nothing starts before its turn.
 */
export async function inTurn<T extends readonly unknown[]>(
  ...steps: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as unknown as T;
}
