/**
 * Form bodies and query strings with nested keys as qs writes them with `arrayFormat: 'indices'`
 * (`obj_search[field]=name&ids[0]=3`), which the server reads with qs.parse. The browser only ever
 * writes them, and this is all of it: qs itself brings 40 KB of helpers to every signed-in page
 * (form-encoding.test.ts holds the two to the same meaning). `undefined` is left out, `null` sends
 * an empty value, a Date its ISO time, as qs does.
 */
export function encodeForm(value: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, v: unknown) => {
    if (v === undefined) return;
    if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
      const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
      for (const [k, item] of entries) add(`${key}[${k}]`, item);
      return;
    }
    const text = v === null ? '' : v instanceof Date ? v.toISOString() : String(v);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [k, v] of Object.entries(value)) add(k, v);
  return parts.join('&');
}
