import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zBool, zIdList, zInt, zOptionalText, zDayInput } from '@promo/shared';
import { inputJsonSchema } from './json-schema';

describe('inputJsonSchema', () => {
  it('requires only the fields that refuse a missing value, whatever a preprocess says', () => {
    const json = inputJsonSchema(
      z.object({
        name: z.string(),
        description: zOptionalText(100),
        ids: zIdList,
        from: zDayInput({ invalid: 'invalid_date', missing: 'required_field' }),
        flag: zBool.optional(),
      }),
    );
    // zOptionalText and zIdList turn a missing value into '' and []; a blank date is missing.
    expect(json.required).toEqual(['name', 'from']);
    expect(json.properties).toMatchObject({ description: { type: 'string', maxLength: 100 }, ids: { type: 'array' }, from: { type: 'string' } });
  });

  it('keeps a default behind a preprocess when the default is itself a valid input', () => {
    const json = inputJsonSchema(z.object({ size: zInt({ min: 1, max: 100 }).default(10), active: zBool.default(false), code: z.string().transform(Number).default(7) }));
    expect(json.properties).toMatchObject({ size: { type: 'integer', default: 10 }, active: { type: 'boolean', default: false } });
    // 7 is what the transform makes, not what a client sends: no default is shown.
    expect(json.properties).not.toHaveProperty('code.default');
    expect(json).not.toHaveProperty('required');
  });

  it('leaves out fields that are refused whenever they are sent', () => {
    const json = inputJsonSchema(z.object({ surface_id: z.number(), company_id: z.never().optional() }));
    expect(Object.keys(json.properties as object)).toEqual(['surface_id']);
  });

  it('describes what the client sends through preprocess, pipe and transform, not what they make of it', () => {
    const schema = z.preprocess((v) => v ?? {}, z.object({ n: z.string().regex(/^\d+$/).transform(Number), when: z.string().pipe(z.iso.date()) }));
    expect(inputJsonSchema(schema)).toMatchObject({
      type: 'object',
      properties: { n: { type: 'string', pattern: '^\\d+$' }, when: { type: 'string' } },
      required: ['n', 'when'],
    });
  });

  it('gives types without a JSON form as any instead of failing', () => {
    const schema = z.object({ at: z.date(), big: z.bigint(), map: z.map(z.string(), z.number()), custom: z.custom<string>(() => true), fn: z.transform((v) => v) });
    const json = inputJsonSchema(schema);
    expect(json.properties).toEqual({ at: {}, big: {}, map: {}, custom: {}, fn: {} });
  });
});
