import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import i18n, { i18nReady } from './lib/i18n';
import { router } from './app/router';
import { ToastHost } from './components/ui/toast-host';

void i18nReady.then(() => {
  document.documentElement.lang = i18n.language;
  createRoot(document.getElementById('root')!).render(
    <>
      <RouterProvider router={router} />
      <ToastHost />
    </>,
  );
  // After the first paint and outside the entry: the service worker and a station's offline help.
  const start = () => void import('./lib/register-sw').then((m) => m.registerServiceWorker());
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
});
