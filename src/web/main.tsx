// First, before any schema exists (see the file).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { getBusinessSlug, isSingleBusinessMode } from './lib/tenancy.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App slug={getBusinessSlug()} isSingleBusiness={isSingleBusinessMode()} />
  </StrictMode>,
);
