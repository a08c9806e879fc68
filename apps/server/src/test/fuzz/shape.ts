import type { z } from 'zod';

/** What an input schema expects, as far as a fuzzer needs it: field names and the kind of each value. */
export type Shape = { schema?: z.ZodType } & (
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'array'; item: Shape }
  | { kind: 'enum'; values: string[] }
  | { kind: 'string' | 'number' | 'boolean' | 'any' }
);

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Walks a zod schema through its wrappers (optional, default, preprocess pipes, lazy) to the shape
 * it checks. A schema kind it does not know is 'any': the fuzzer then sends anything there.
 */
export function shapeOf(schema: z.ZodType | undefined, depth = 0): Shape {
  return schema ? { ...kindOf(schema, depth), schema } : { kind: 'any' };
}

function kindOf(schema: z.ZodType | undefined, depth: number): Shape {
  if (!schema || depth > 20) return { kind: 'any' };
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return kindOf(def.innerType, depth + 1);
    case 'lazy':
      return kindOf(def.getter?.(), depth + 1);
    case 'pipe':
      // z.preprocess(fn, s) is a pipe from a transform into s; s.transform(fn) a pipe from s.
      return defOf(def.in!).type === 'transform' ? kindOf(def.out, depth + 1) : kindOf(def.in, depth + 1);
    case 'object':
      return { kind: 'object', fields: Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, shapeOf(v, depth + 1)])) };
    case 'array':
      return { kind: 'array', item: shapeOf(def.element, depth + 1) };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries ?? {}).map(String) };
    case 'literal':
      return { kind: 'enum', values: (def.values ?? []).map(String) };
    case 'union': {
      const options = (def.options ?? []).map((o) => kindOf(o, depth + 1));
      return options.find((o) => o.kind === 'object') ?? options[0] ?? { kind: 'any' };
    }
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'any' };
  }
}
