import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { surfaces as contract } from '@promo/shared';
import { files, surfaces } from '../../db/schema';
import { catalogueMemory, rememberedList } from '../../lib/read-caches';
import { ok, route } from '../../lib/route';
import { storeUpload } from '../../lib/uploads';
import { imageOwner, setImage, SET_IMAGE_BODY_LIMIT } from '../files/set-image';
import {
  cloneSurface,
  createSize,
  createSurface,
  createType,
  deleteSurface,
  getSurface,
  listSurfaces,
  updateSurface,
} from './service';

export async function surfacesRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ query }) =>
    ok('Surfaces', 'surfaces_list', await rememberedList(app.readCaches, 'surfaces', query, () => listSurfaces(app.db, query, catalogueMemory(app.readCaches)))),
  );

  route(app, contract.create, async ({ auth, body }) => {
    return ok('Surface created', 'surface_created', await createSurface(app.db, auth, body));
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('Surface updated', 'surface_updated', await updateSurface(app.db, auth, params.id, body)),
  );

  route(app, contract.remove, async ({ auth, params }) => {
    await deleteSurface(app.db, app.storage, auth, params.id);
    return ok('Surface deleted', 'surface_deleted');
  });

  route(app, contract.createType, async ({ auth, body }) => ok('Type created', 'type_created', await createType(app.db, auth, body.new_type)));

  route(app, contract.createSize, async ({ auth, body }) => ok('Size created', 'size_created', await createSize(app.db, auth, body.new_size)));

  route(app, contract.createClone, async ({ auth, body }) => {
    const clone = await cloneSurface(app.db, auth, body);
    if (clone.copyImageFrom) {
      const [source] = await app.db
        .select({ key: files.storage_key, name: files.original_name })
        .from(surfaces)
        .innerJoin(files, eq(files.id, surfaces.image_id))
        .where(eq(surfaces.id, clone.copyImageFrom));
      if (source) {
        const copy = await storeUpload(app.db, app.storage, {
          name: source.name,
          stream: await app.storage.read(source.key),
          kind: 'image',
          userId: auth.user.id,
        });
        await setImage(app.db, app.storage, auth, imageOwner(surfaces, 'surfaces', clone.id), {
          file_id: copy.id,
          img_name: source.name,
          make_size: ['original', 'w_200'],
        });
      }
    }
    return ok('Surface cloned', 'surface_cloned', await getSurface(app.db, clone.id));
  });

  route(
    app,
    contract.setImage,
    async ({ auth, params, body }) =>
      ok('Image saved', 'image_saved', { url_images: await setImage(app.db, app.storage, auth, imageOwner(surfaces, 'surfaces', params.id), body) }),
    { bodyLimit: SET_IMAGE_BODY_LIMIT },
  );
}
