import '@tessera/ui/tokens.css';
import './ui/palette.css';
import './ui/base.css';
import './ui/components.css';
import './app/layout.css';
import './i18n/index.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/queryClient.ts';
import { router } from './app/router.tsx';
import { applyTheme } from './app/theme.ts';
import { ToastProvider } from './ui/Toast.tsx';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
