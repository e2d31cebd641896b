// First, before any schema exists (see the file).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './lib/offline/service-worker.ts';
import { getBusinessSlug, isSingleBusinessMode } from './lib/tenancy.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App slug={getBusinessSlug()} isSingleBusiness={isSingleBusinessMode()} />
  </StrictMode>,
);

// The installable, offline-capable app (issue 15); the dev server serves no worker. MODE, not PROD: a build
// made under NODE_ENV=test (the browser tests build the app themselves) has PROD false.
if (import.meta.env.MODE === 'production') registerServiceWorker();
