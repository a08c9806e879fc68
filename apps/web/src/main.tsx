import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './index.css';
import i18n from './lib/i18n';
import { Providers } from './app/providers';
import { router } from './app/router';

document.documentElement.lang = i18n.language;

createRoot(document.getElementById('root')!).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
