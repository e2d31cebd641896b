import { z } from 'zod';

// The app runs under a Content-Security-Policy without 'unsafe-eval'. zod compiles object parsers with
// `new Function` and probes for it even when eval is refused, which the browser reports as a violation.
// Imported first by main.tsx: zod reads this setting when each schema is created.
z.config({ jitless: true });
