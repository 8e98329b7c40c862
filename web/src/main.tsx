// Built, the viewer's early script also runs inline in index.html (build/early-entry.ts), first: this copy then
// asks nothing again. Imported here, its module stays one chunk with no imports (which inlining needs).
import './app/viewer-early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = (el: HTMLElement) =>
  createRoot(el).render(
    <StrictMode>
      <AppProviders>
        {/* Router updates outside transitions: with them, a navigation started while another is still being
            rendered (the sign-in's redirect, then the login page opened again) could leave the page blank. */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
    </StrictMode>,
  );

// The first page's route chunk loads meanwhile (the router starts it); without texts, keys still show.
void i18nReady.catch(() => undefined).then(() => render(root));
