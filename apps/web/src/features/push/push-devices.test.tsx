import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@promo/shared';
import i18n, { i18nReady } from '@/lib/i18n';
import { call } from '@/lib/api-client';
import { PushDevices } from './push-devices';

beforeAll(() => i18nReady);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  call: vi.fn(async (endpoint: Endpoint) => {
    if (endpoint.path === '/api/push/vapid-public-key') return { data: { public_key: KEY } };
    if (endpoint.method === 'GET') return { data: { devices: [] } };
    return { data: { id: 5 } };
  }),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

/** A browser with the Push API: a service worker whose push manager records what it is asked. */
function pushBrowser(permission: NotificationPermission) {
  const subscribe = vi.fn(async () => ({
    toJSON: () => ({ endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } }),
  }));
  const registration = { pushManager: { subscribe, getSubscription: async () => null } };
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve(registration) }, configurable: true });
  Object.assign(window, { PushManager: class {}, Notification: { permission } });
  return subscribe;
}

afterEach(() => {
  vi.mocked(call).mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
  localStorage.clear();
});

describe('PushDevices', () => {
  it('says quietly that the browser has no push, and asks the server nothing', async () => {
    await i18n.changeLanguage('no');
    render(<PushDevices />, { wrapper });
    expect(screen.getByTestId('push-unsupported')).toHaveTextContent('Denne nettleseren kan ikke vise varsler');
    expect(screen.queryByTestId('push-turn-on')).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('asks the browser only when the button is pressed, then stores the subscription with the language', async () => {
    await i18n.changeLanguage('en');
    const subscribe = pushBrowser('default');
    render(<PushDevices />, { wrapper });
    await screen.findByText('No devices get notifications yet.');
    expect(subscribe).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('push-turn-on'));
    await waitFor(() => expect(localStorage.getItem('PUSH_DEVICE_ID')).toBe('5'));
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array(Buffer.from(KEY, 'base64url')) });
    const posted = vi.mocked(call).mock.calls.find(([endpoint]) => endpoint.method === 'POST');
    expect(posted?.[1]).toEqual({ body: { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' }, language: 'en' } });
  });

  it('says so when notifications are blocked, without a button', async () => {
    await i18n.changeLanguage('no');
    pushBrowser('denied');
    render(<PushDevices />, { wrapper });
    expect(screen.getByTestId('push-denied')).toHaveTextContent('Varsler er blokkert');
    expect(screen.queryByTestId('push-turn-on')).toBeNull();
  });
});
