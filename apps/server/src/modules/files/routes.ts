import type { FastifyInstance } from 'fastify';
import { BASE64_DOWNLOAD_LIMIT, downloads, files as contract } from '@promo/shared';
import { AppError } from '../../lib/errors';
import { cutOff, malformed, parsedPart } from '../../lib/multipart-body';
import { ok, route } from '../../lib/route';
import { declaredLength } from '../../lib/declared-body';
import { storeUpload } from '../../lib/uploads';
import { downloadableFile } from './download';
import { dispositionName, readableFile, sendAttachment } from './service';

export async function filesRoutes(app: FastifyInstance) {
  // The shared upload step: one multipart file, streamed to storage, recorded in `files`.
  route(app, contract.upload, async ({ auth, query, req }) => {
    if (!req.isMultipart()) throw new AppError(415, 'Expected a multipart upload', 'expected_multipart');
    const declaredBytes = declaredLength(req);
    const part = await parsedPart(() => req.file());
    if (!part) throw new AppError(422, 'Validation failed', 'validation_failed', { file: ['file_required'] });
    try {
      const row = await storeUpload(app.db, app.storage, {
        name: part.filename,
        stream: part.file,
        kind: query.kind,
        userId: auth.user.id,
        isTruncated: () => part.file.truncated,
        declaredBytes,
      }).catch((err: unknown) => {
        throw cutOff(part, err) ? malformed() : err;
      });
      return ok('File uploaded', 'file_uploaded', {
        file_id: row.id,
        name: row.original_name,
        size: row.size,
        content_type: row.content_type,
      });
    } catch (err) {
      // The rest of a refused body is dropped (lib/early-answers.ts).
      part.file.resume();
      throw err;
    }
  });

  route(app, downloads.base64, async ({ auth, query }) => {
    const row = await downloadableFile(app.db, auth, query);
    if (row.size > BASE64_DOWNLOAD_LIMIT) throw new AppError(413, 'The file is too large for this download', 'download_too_large');
    // Bounded by the limit above: the specification's JSON download needs the whole file.
    const chunks: Buffer[] = [];
    for await (const chunk of await app.storage.read(row.storage_key)) chunks.push(chunk as Buffer);
    return { success: true, file: Buffer.concat(chunks).toString('base64'), contentType: row.content_type, fileName: row.original_name };
  });

  route(app, downloads.stream, async ({ auth, query, reply }) =>
    sendAttachment(reply, app.storage, await downloadableFile(app.db, auth, query)),
  );

  route(app, contract.image, async ({ auth, params, reply }) => {
    const row = await readableFile(app.db, auth, params.id);
    reply
      .header('content-type', row.content_type)
      .header('content-length', row.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', `inline; ${dispositionName(row.original_name)}`);
    return reply.send(await app.storage.read(row.storage_key));
  });
}
