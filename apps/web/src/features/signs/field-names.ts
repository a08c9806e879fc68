import type { TFunction } from 'i18next';
import type { SignField } from '@promo/shared';

export type NamedField = SignField & { name: string };

/**
 * Each field with what people see it called: the label the template gives it, or its kind's name,
 * numbered from the second unlabelled field of a kind on ("Fritekst", "Fritekst 2"). Never its id.
 */
export function namedFields(fields: SignField[], t: TFunction): NamedField[] {
  const counted = new Map<string, number>();
  return fields.map((f) => {
    if (f.label) return { ...f, name: f.label };
    const n = (counted.get(f.kind) ?? 0) + 1;
    counted.set(f.kind, n);
    const kind = t(`signs.kinds.${f.kind}`);
    return { ...f, name: n === 1 ? kind : `${kind} ${n}` };
  });
}

/** Each field's name by its id. */
export const fieldNameMap = (fields: SignField[], t: TFunction): Map<string, string> => new Map(namedFields(fields, t).map((f) => [f.id, f.name]));
