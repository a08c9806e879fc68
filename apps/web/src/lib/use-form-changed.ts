import { useWatch, type Control, type FieldValues } from 'react-hook-form';

/** Plain form values (text, numbers, booleans, arrays, objects) hold the same things. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValues(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((k) => sameValues(x[k], y[k]));
  }
  return false;
}

/**
 * Whether a form's values differ from what it was last reset to. Unlike formState.isDirty, it also
 * sees values set with setValue (presets, pickers) and typing that returns to the start is no change.
 */
export function useFormChanged<T extends FieldValues, C, O extends FieldValues>(control: Control<T, C, O>, defaults: unknown): boolean {
  const values = useWatch({ control });
  return !sameValues(values, defaults);
}
