import { describe, expect, it } from 'vitest';
import { notificationOf } from './push-payload';

describe('notificationOf', () => {
  it('reads the server payload', () => {
    expect(notificationOf(JSON.stringify({ title: 'Ny kampanje', body: 'Sommer', link: '/user-promotions?id=4', tag: 'promotion-4' }))).toEqual({
      title: 'Ny kampanje',
      body: 'Sommer',
      link: '/user-promotions?id=4',
      tag: 'promotion-4',
    });
  });

  it('shows something for a payload that is not the expected JSON, and keeps links inside the app', () => {
    expect(notificationOf('plain words')).toEqual({ title: 'Promo Print', body: 'plain words', link: '/' });
    expect(notificationOf(undefined)).toEqual({ title: 'Promo Print', body: '', link: '/' });
    expect(notificationOf(JSON.stringify({ title: 'x', link: 'https://evil.example/' })).link).toBe('/');
    expect(notificationOf(JSON.stringify({ title: 'x', link: '//evil.example/' })).link).toBe('/');
    expect(notificationOf(JSON.stringify({ title: 7, tag: 3 }))).toEqual({ title: 'Promo Print', body: '', link: '/' });
  });
});
