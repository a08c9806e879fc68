import type { FastifyInstance } from 'fastify';
import type { Role } from '@promo/shared';

/** What each role opens first when started from the home screen; everyone else the start page. */
const START_URL: Partial<Record<Role, string>> = {
  // A station's day is its promotions: receipts and placement photos are there.
  user: '/user-promotions',
};

/**
 * The web app manifest (decision 023): Norwegian names by default, English under `translations`,
 * and the start URL of the signed-in user's role. `id` stays '/' so the installed app is one app
 * whatever the start URL. The page links it with `crossorigin="use-credentials"`, so the browser
 * sends the session cookie.
 */
export function webManifest(role: Role | null) {
  return {
    id: '/',
    lang: 'no',
    dir: 'ltr',
    name: 'Promo Print – trykkbestilling',
    short_name: 'Promo Print',
    description: 'Kampanjer, mottak av pakker og bilder av oppslag',
    translations: {
      en: { name: 'Promo Print – print ordering', short_name: 'Promo Print', description: 'Promotions, parcel receipts and placement photos' },
    },
    start_url: (role && START_URL[role]) ?? '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1e3a8a',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export function manifestRoute(app: FastifyInstance) {
  app.get('/manifest.webmanifest', async (req, reply) => {
    const auth = await app.authenticate(req, true).catch(() => null);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(JSON.stringify(webManifest(auth?.user.role ?? null)));
  });
}
