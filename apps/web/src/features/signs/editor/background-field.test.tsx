import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import { api } from '@/lib/api-client';
import { BackgroundField, type BackgroundChoice, type BackgroundRefusal } from './background-field';
import { backgroundRefusal } from './background-refusal';

vi.mock('@/lib/api-client', async (original) => {
  const real = await original<typeof import('@/lib/api-client')>();
  return { ...real, api: { ...real.api, post: vi.fn() } };
});

beforeAll(() => i18nReady);
beforeEach(() => void i18n.changeLanguage('no'));
afterEach(() => vi.mocked(api.post).mockReset());

function Harness({ start = null, refusal = null }: { start?: BackgroundChoice | null; refusal?: BackgroundRefusal | null }) {
  const [value, setValue] = useState<BackgroundChoice | null>(start);
  return (
    <>
      <BackgroundField value={value} refusal={refusal} onChange={setValue} />
      <output data-testid="file-id">{value?.file_id ?? 'none'}</output>
    </>
  );
}

const refused = (status: number, data: unknown) => {
  const config = { headers: new AxiosHeaders(), url: '/api/files' };
  return new AxiosError('refused', 'ERR_BAD_REQUEST', config, null, { status, statusText: '', headers: {}, config, data });
};

const pdf = () => new File(['%PDF-1.7'], 'bakgrunn.pdf', { type: 'application/pdf' });

describe("the template's background", () => {
  it('uploads the chosen file through the upload step and shows its name, which the remove button takes away', async () => {
    vi.mocked(api.post).mockResolvedValue({ data: { data: { file_id: 41, name: 'bakgrunn.pdf', size: 8, content_type: 'application/pdf' } } });
    render(<Harness />);
    expect(screen.getByText('Ingen bakgrunn')).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('sign-background-input'), pdf());
    expect(await screen.findByTestId('sign-background-name')).toHaveTextContent('bakgrunn.pdf');
    expect(screen.getByTestId('file-id')).toHaveTextContent('41');
    const sent = vi.mocked(api.post).mock.calls[0]![1] as FormData;
    expect((sent.get('file') as File).name).toBe('bakgrunn.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Fjern bakgrunnen bakgrunn.pdf' }));
    expect(screen.getByTestId('file-id')).toHaveTextContent('none');
    expect(screen.getByText('Ingen bakgrunn')).toBeInTheDocument();
  });

  it("shows the server's reason when the upload is refused, and keeps the background it had", async () => {
    vi.mocked(api.post).mockRejectedValue(refused(422, { status: 'error', message: 'Validation failed', errors: { file: ['unknown_upload'] } }));
    render(<Harness start={{ file_id: 7, name: 'gammel.png' }} />);
    await userEvent.upload(screen.getByTestId('sign-background-input'), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Opplastingen ble ikke funnet');
    expect(screen.getByTestId('sign-background-name')).toHaveTextContent('gammel.png');
    expect(screen.getByTestId('file-id')).toHaveTextContent('7');
  });

  it("shows the save's refusal with the preflight's failed checks, in the interface's language", () => {
    const err = refused(422, {
      status: 'error',
      message: 'Validation failed',
      errors: { 'layout.background_file_id': ['background_preflight'] },
      data: {
        checks: [
          { check: 'resolution', level: 'error', values: { dpi: 96, min_dpi: 150, width_px: 800, height_px: 1100, width_mm: 216, height_mm: 303 } },
          { check: 'colour_space', level: 'ok', values: { space: 'rgb' } },
        ],
      },
    });
    const refusal = backgroundRefusal(err, i18n.t);
    render(<Harness start={{ file_id: 41, name: 'lav.png' }} refusal={refusal} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Bakgrunnen ble avvist av forhåndskontrollen');
    expect(alert).toHaveTextContent('Oppløsning 96 dpi');
    expect(alert).not.toHaveTextContent('Fargerom');
  });

  it('leaves a refusal of another field to the toast', () => {
    expect(backgroundRefusal(refused(422, { errors: { 'layout.fields.0.size': ['number_too_large'] } }), i18n.t)).toBeNull();
  });
});
