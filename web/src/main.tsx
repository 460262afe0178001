import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/url-params.ts';
import { App } from './app.tsx';
import { startOffline } from './offline/register.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
startOffline();
