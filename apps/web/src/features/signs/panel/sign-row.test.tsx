import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/lib/i18n';
import type { SignProblem } from '@promo/shared';
import type { SignDraft } from '../api';
import { SignRowEditor } from './sign-row';

beforeAll(() => i18nReady);
beforeEach(() => void i18n.changeLanguage('no'));

function Harness({ start, editable = true, problems }: { start: SignDraft; editable?: boolean; problems?: SignProblem[] }) {
  const [draft, setDraft] = useState(start);
  return (
    <>
      <ul>
        <SignRowEditor
          index={0}
          name="Brunost"
          draft={draft}
          fields={[]}
          fieldNames={new Map([['name', 'Produktnavn']])}
          errors={undefined}
          problems={problems}
          previewing={false}
          editable={editable}
          onChange={setDraft}
          onPreview={() => {}}
          onRemove={() => {}}
        />
      </ul>
      <output data-testid="valid-to">{draft.valid_to}</output>
    </>
  );
}

const draft = (valid_to: string): SignDraft => ({ product_id: 7, price: '24,90', previous_price: '', valid_to, texts: {} });

describe("a sign's validity date", () => {
  it('reads dd.mm.yyyy in Norwegian and keeps the day as YYYY-MM-DD', async () => {
    render(<Harness start={draft('2031-05-31')} />);
    const field = screen.getByLabelText('Gyldig til', { selector: 'input' });
    expect(field).toHaveValue('31.05.2031');
    await userEvent.clear(field);
    await userEvent.type(field, '1.6.2031');
    expect(screen.getByTestId('valid-to')).toHaveTextContent('2031-06-01');
    expect(field).not.toHaveAttribute('type', 'date');
  });

  it('cannot be changed once the signs may not be edited', () => {
    render(<Harness start={draft('')} editable={false} />);
    expect(screen.getByLabelText('Gyldig til', { selector: 'input' })).toBeDisabled();
  });
});

describe("a sign's problems", () => {
  it('name the field as the template calls it, not by its id', () => {
    render(<Harness start={draft('')} problems={[{ sign: 0, field: 'name', code: 'does_not_fit' }]} />);
    expect(screen.getByTestId('sign-row-0-problems')).toHaveTextContent('Produktnavn: Teksten får ikke plass, selv i minste størrelse');
  });
});
