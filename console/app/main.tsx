/** The console's entry: styles (bundled into one stylesheet by console/build.ts) and the app. */
import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
