import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer I> ? I : T extends z.ZodPrefault<infer I> ? I : T;

function withoutDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return schema.unwrap() as z.ZodType;
  return schema;
}

/**
 * The body of an update from the fields of a create: every field optional and without its default,
 * so a field that is not sent stays as stored (a default would silently reset it).
 */
export function updateBodyOf<S extends z.ZodRawShape>(shape: S) {
  const fields = Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()]));
  return z.object(fields) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> }>;
}

/** What an update leaves: each field as sent, else as stored. */
export function withStored<T extends object>(stored: T, sent: { [K in keyof T]?: T[K] | undefined }): T {
  const merged = { ...stored };
  for (const key of Object.keys(sent) as (keyof T)[]) {
    if (sent[key] !== undefined) merged[key] = sent[key] as T[keyof T];
  }
  return merged;
}
