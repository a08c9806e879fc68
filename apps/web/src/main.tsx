import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import i18n from './lib/i18n';
import { router } from './app/router';
import { ToastHost } from './components/ui/toast-host';

document.documentElement.lang = i18n.language;

createRoot(document.getElementById('root')!).render(
  <>
    <RouterProvider router={router} />
    <ToastHost />
  </>,
);
