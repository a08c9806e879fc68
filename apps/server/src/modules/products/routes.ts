import type { FastifyInstance } from 'fastify';
import { products as contract } from '@promo/shared';
import { catalogueMemory, rememberedList } from '../../lib/read-caches';
import { ok, route } from '../../lib/route';
import { products as productsTable } from '../../db/schema';
import { imageOwner, setImage, SET_IMAGE_BODY_LIMIT } from '../files/set-image';
import { listProducts } from './list';
import { createProduct, deleteProduct, updateProduct } from './service';

export async function productsRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ query }) =>
    ok(
      'Products',
      'products_list',
      await rememberedList(app.readCaches, 'products', query, () =>
        listProducts(app.db, query, catalogueMemory(app.readCaches)),
      ),
    ),
  );

  route(app, contract.create, async ({ auth, body }) => {
    return ok('Product created', 'product_created', await createProduct(app.db, auth, body));
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('Product updated', 'product_updated', await updateProduct(app.db, auth, params.id, body)),
  );

  route(app, contract.remove, async ({ auth, params }) => {
    await deleteProduct(app.db, app.storage, auth, params.id);
    return ok('Product deleted', 'product_deleted');
  });

  route(
    app,
    contract.setImage,
    async ({ auth, params, body }) =>
      ok('Image saved', 'image_saved', { url_images: await setImage(app.db, app.storage, auth, imageOwner(productsTable, 'products', params.id), body) }),
    { bodyLimit: SET_IMAGE_BODY_LIMIT },
  );
}
