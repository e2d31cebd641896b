// First, before any schema exists (see the file).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, whenFirstPageLoaded } from './app/app.tsx';
import { registerServiceWorker } from './lib/offline/service-worker.ts';
import { getBusinessSlug, isSingleBusinessMode } from './lib/tenancy.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const slug = getBusinessSlug();
// Not a top-level await: with one, Rollup moved shared code of the business app into this first file (4 kB more
// before the till can sell).
void whenFirstPageLoaded(slug).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App slug={slug} isSingleBusiness={isSingleBusinessMode()} />
    </StrictMode>,
  ),
);

// The installable, offline-capable app (issue 15); the dev server serves no worker. MODE, not PROD: a build
// made under NODE_ENV=test (the browser tests build the app themselves) has PROD false.
if (import.meta.env.MODE === 'production') registerServiceWorker();
