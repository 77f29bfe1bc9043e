import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/index.ts';
import { applyTheme } from './ui/theme.ts';
import '@tessera/ui/tokens.css';
import './ui/palette.css';
import './ui/scripts.css';
import './ui/base.css';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
