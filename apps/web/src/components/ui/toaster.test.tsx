import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, beforeAll } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { Toaster } from './toaster';
import { removeToast, toast } from './use-toast';

// Both languages loaded before the first render.
beforeAll(() => i18nReady);
// jsdom has no media queries: a desk's screen (a phone's placement is checked in the browser, e2e/phone-layout.spec.ts).
window.matchMedia ??= (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => act(() => removeToast()));

// The first render loads i18n and Radix: slow on a busy machine.
describe('Toaster', { timeout: 20_000 }, () => {
  it('shows a toast given only a title without the default "No message" (the copy toast read "Copied / No message")', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'The text was copied' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(/^The text was copied$/);
    expect(screen.queryByText('No message')).not.toBeInTheDocument();
  });

  it('shows the defaults for a toast given nothing, and a message without a title under "No title"', () => {
    render(<Toaster />);
    act(() => void toast({}));
    expect(screen.getByTestId('toast')).toHaveTextContent('No titleNo message');
    act(() => void toast({ description: 'Saved' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('No titleSaved');
  });
});
