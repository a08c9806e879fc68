import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { and, inArray, isNull } from 'drizzle-orm';
import { files } from '../db/schema';
import { AppError, invalidField } from './errors';
import { REPLAYED_HEADER } from './idempotency';
import { parseQs } from './parse-qs';
import { deleteFiles, storeUpload } from './uploads';

/** The file parts a call takes: a part's field name without its `[i]` -> the body key its file id goes under. */
export type FileFields = Record<string, string>;

/** `files[1]` -> `files.1`: field errors name nested keys with dots. */
const errorKey = (name: string) => name.replace(/\[(\w*)\]/g, '.$1').replace(/\.$/, '') || '_';

const splitName = (name: string): [string, string] => {
  const i = name.indexOf('[');
  return i === -1 ? [name, ''] : [name.slice(0, i), name.slice(i)];
};

const FIELD_SIZE = 64 * 1024;

export const malformed = () => new AppError(400, 'The multipart body is malformed', 'malformed_multipart');

type Parts = ReturnType<FastifyRequest['parts']>;

/** The parser's own failures (no boundary, garbage, a cut-off body) are the request's fault. */
export async function parsedPart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    throw (err as { statusCode?: number }).statusCode ? err : malformed();
  }
}

async function nextPart(parts: Parts) {
  const next = await parsedPart(() => parts.next());
  return next.done ? null : next.value;
}

/**
 * A part cut off mid-way (the body ended or broke) fails its own stream with the parser's error:
 * the request is at fault. A failed disk write also ends up on that stream, but as a system error.
 */
export const cutOff = (part: MultipartFile, err: unknown) =>
  !(err instanceof AppError) && part.file.errored === err && !(err as { syscall?: string }).syscall;

/** The upload step's errors name its `file` field; here they name the part that failed. */
function namedAfterPart(err: unknown, field: string): unknown {
  if (!(err instanceof AppError) || !err.errors?.file) return err;
  return new AppError(err.statusCode, err.message, err.key, { [field]: err.errors.file }, err.params, err.data);
}

/**
 * Lets a form-encoded call also take multipart/form-data (the specification sends files that way).
 * Each file part streams through the shared upload step (`storeUpload`) and is replaced by its new
 * file id under the body key `fileFields` (the contract's `multipart`) names; text fields are parsed like a form body. The
 * call's own schema then validates the result, so both encodings meet one contract. When the
 * answer is an error (or a repeat's stored answer), the files the request stored and nothing claimed are deleted again.
 */
export function acceptMultipart(app: FastifyInstance, fileFields: FileFields = {}, limits?: { fields?: number; files?: number }) {
  const stored = new WeakMap<FastifyRequest, number[]>();
  return {
    preValidation: async (req: FastifyRequest) => {
      if (!req.isMultipart()) return;
      const ids: number[] = [];
      stored.set(req, ids);
      const pairs: string[] = [];
      let current: MultipartFile | null = null;
      try {
        // Text fields are held in memory: none of these calls takes a text near 64 KB.
        const parts = req.parts({ limits: { fieldSize: FIELD_SIZE, ...limits } });
        for (let next = await nextPart(parts); next; next = await nextPart(parts)) {
          if (next.type === 'field') {
            if (next.valueTruncated) throw invalidField(errorKey(next.fieldname), 'max_length');
            pairs.push(`${encodeURIComponent(next.fieldname)}=${encodeURIComponent(String(next.value))}`);
            continue;
          }
          const part = (current = next);
          const [base, index] = splitName(part.fieldname);
          const target = Object.hasOwn(fileFields, base) ? fileFields[base] : undefined;
          if (!target) throw invalidField(errorKey(part.fieldname), 'file_not_expected');
          const row = await storeUpload(app.db, app.storage, {
            name: part.filename,
            stream: part.file,
            kind: 'any',
            userId: req.auth!.user.id,
            isTruncated: () => part.file.truncated,
          }).catch((err: unknown) => {
            throw cutOff(part, err) ? malformed() : namedAfterPart(err, errorKey(part.fieldname));
          });
          ids.push(row.id);
          pairs.push(`${encodeURIComponent(target + index)}=${row.id}`);
          current = null;
        }
      } catch (err) {
        // The rest of a refused body is dropped (lib/early-answers.ts).
        current?.file.resume();
        throw err;
      }
      req.body = parseQs(pairs.join('&'));
    },
    onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const ids = stored.get(req);
      // A replayed answer (lib/idempotency.ts) claimed nothing this request stored either.
      if (!ids?.length || (reply.statusCode < 400 && reply.getHeader(REPLAYED_HEADER) !== 'true')) return payload;
      try {
        const unclaimed = await app.db
          .select({ id: files.id })
          .from(files)
          .where(and(inArray(files.id, ids), isNull(files.owner_table)));
        const removeBytes = await deleteFiles(
          app.db,
          app.storage,
          unclaimed.map((r) => r.id),
        );
        await removeBytes();
      } catch (err) {
        // The periodic sweep removes what is left; the answer stays the refusal.
        req.log.warn({ err }, 'removing the files of a refused multipart request failed');
      }
      return payload;
    },
  };
}
