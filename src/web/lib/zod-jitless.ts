// The app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers with
// `new Function` and probes for it even when eval is refused, which the browser reports as a violation.
// Imported first by main.tsx. zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object
// already there, so the setting is made without loading zod itself: zod then loads only with the screens
// that validate forms, not before the till can sell (zod-jitless.test.ts checks zod still reads it).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
