import { StrictMode } from 'react';
import './lib/url-params.ts';
import './styles.css';

/**
 * Lets the browser paint and answer input between the start-up steps. Each step evaluates its
 * share of the app's JavaScript in a task of its own: React, then the app, then the first render.
 * Evaluated in one go, the ~370 KB of the first screen were the longest task of a phone's page
 * load. index.html preloads every step's files (vite.config.ts), so nothing waits on the network.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(root: HTMLElement): Promise<void> {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const [{ App }, { startOffline }] = await Promise.all([
    import('./app.tsx'),
    import('./offline/register.ts'),
  ]);
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  startOffline();
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void start(root);
