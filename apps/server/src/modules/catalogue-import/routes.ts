import type { FastifyInstance } from 'fastify';
import { catalogueImport as contract } from '@promo/shared';
import { AppError } from '../../lib/errors';
import { cutOff, malformed, parsedPart } from '../../lib/multipart-body';
import { ok, route } from '../../lib/route';
import { declaredLength } from '../../lib/declared-body';
import { storeUpload } from '../../lib/uploads';
import { getImportJob, importRunner, previewUpload, startImport } from './service';

export async function catalogueImportRoutes(app: FastifyInstance) {
  const runner = importRunner(app.db, app.storage, app.log, () => {
    // The import wrote after its request was answered: the lists' memories are forgotten here.
    app.readCaches.catalogue.clear();
    app.realtime.announceStale('catalogue');
  });
  app.addHook('onClose', async () => runner.close());
  // Jobs a killed or crashed process left "running" end as failed before anyone asks for them.
  await runner.sweep().catch((err: unknown) => app.log.error({ err }, 'catalogue import sweep at start-up failed'));

  // The file streams to storage (as every upload does); only its first rows are read back.
  route(app, contract.upload, async ({ auth, query, req }) => {
    if (!req.isMultipart()) throw new AppError(415, 'Expected a multipart upload', 'expected_multipart');
    const declaredBytes = declaredLength(req);
    const part = await parsedPart(() => req.file());
    if (!part) throw new AppError(422, 'Validation failed', 'validation_failed', { file: ['file_required'] });
    try {
      const row = await storeUpload(app.db, app.storage, {
        name: part.filename,
        stream: part.file,
        kind: 'spreadsheet',
        userId: auth.user.id,
        isTruncated: () => part.file.truncated,
        declaredBytes,
      }).catch((err: unknown) => {
        throw cutOff(part, err) ? malformed() : err;
      });
      return ok('File uploaded', 'file_uploaded', await previewUpload(app.db, app.storage, query.kind, row));
    } catch (err) {
      // The rest of a refused body is dropped (lib/early-answers.ts).
      part.file.resume();
      throw err;
    }
  });

  route(app, contract.start, async ({ auth, body }) =>
    ok('Import started', 'import_started', await startImport(app.db, app.storage, auth, body, runner)),
  );

  route(app, contract.job, async ({ auth, params }) => ok('Import', 'import_job', await getImportJob(app.db, auth, params.id)));
}
