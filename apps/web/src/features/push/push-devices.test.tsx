import { act, render, screen, waitFor } from '@testing-library/react';
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

const subscription = { toJSON: () => ({ endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } }) };

/**
 * A browser with the Push API: a service worker whose push manager records what it is asked. The
 * user allows notifications when asked (unless they are blocked already).
 */
function pushBrowser(permission: NotificationPermission) {
  const subscribe = vi.fn(async () => subscription);
  const registration = { pushManager: { subscribe, getSubscription: async () => null } };
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve(registration) }, configurable: true });
  const requestPermission = vi.fn(async () => (permission === 'denied' ? 'denied' : 'granted'));
  Object.assign(window, { PushManager: class {}, Notification: { permission, requestPermission } });
  return subscribe;
}

/** A promise that never settles: a push service or a server that never answers. */
const never = () => new Promise<never>(() => undefined);

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(call).mockReset(); // back to the mock's own answers
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

  describe('when the push service or the server never answers (issue 33)', () => {
    it('stops turning after 15 s, says so in the language and offers to try again, which then works', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      await i18n.changeLanguage('no');
      const subscribe = pushBrowser('default');
      subscribe.mockImplementationOnce(never);
      render(<PushDevices />, { wrapper });
      await screen.findByText('Ingen enheter får varsler ennå.');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

      await user.click(screen.getByTestId('push-turn-on'));
      await waitFor(() => expect(subscribe).toHaveBeenCalledTimes(1));
      expect(screen.getByTestId('push-turn-on')).toHaveTextContent('Slår på varsler …');
      expect(screen.getByTestId('push-turn-on')).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(14_900));
      expect(screen.getByTestId('push-turn-on')).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(100));

      const retry = screen.getByTestId('push-turn-on');
      expect(retry).toBeEnabled();
      expect(retry).toHaveTextContent('Prøv igjen');
      expect(screen.getByRole('status')).toHaveTextContent('Varslingstjenesten svarte ikke på 15 sekunder');
      expect(vi.mocked(call).mock.calls.some(([endpoint]) => endpoint.method === 'POST')).toBe(false);

      // The push service answers the second time: the device is on and the message goes.
      await user.click(retry);
      await waitFor(() => expect(localStorage.getItem('PUSH_DEVICE_ID')).toBe('5'));
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    });

    it('gives up the same way when our server does not answer the subscription, and aborts that call', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      await i18n.changeLanguage('en');
      pushBrowser('default');
      let aborted: AbortSignal | undefined;
      vi.mocked(call).mockImplementation(async (endpoint, _input, config) => {
        if (endpoint.path === '/api/push/vapid-public-key') return { data: { public_key: KEY } } as never;
        if (endpoint.method === 'GET') return { data: { devices: [] } } as never;
        aborted = config?.signal as AbortSignal;
        return never();
      });
      render(<PushDevices />, { wrapper });
      await screen.findByText('No devices get notifications yet.');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

      await user.click(screen.getByTestId('push-turn-on'));
      await waitFor(() => expect(aborted).toBeDefined());
      expect(screen.getByTestId('push-turn-on')).toHaveTextContent('Turning on notifications …');
      await act(() => vi.advanceTimersByTimeAsync(15_000));

      expect(screen.getByTestId('push-turn-on')).toHaveTextContent('Try again');
      expect(screen.getByRole('status')).toHaveTextContent('The notification service did not answer within 15 seconds');
      expect(aborted?.aborted).toBe(true);
      expect(localStorage.getItem('PUSH_DEVICE_ID')).toBeNull();
    });
  });
});
