import type { FastifyInstance } from 'fastify';
import { categories as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import { createCategory, deleteCategory, listCategories, updateCategory } from './service';

export async function categoriesRoutes(app: FastifyInstance) {
  route(app, contract.list, async () => ok('Categories', 'categories_list', { categories: await listCategories(app.db) }));

  route(app, contract.create, async ({ auth, body }) => {
    return ok('Category created', 'category_created', await createCategory(app.db, auth, body));
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('Category updated', 'category_updated', await updateCategory(app.db, auth, params.id, body)),
  );

  route(app, contract.remove, async ({ auth, params }) => {
    await deleteCategory(app.db, auth, params.id);
    return ok('Category deleted', 'category_deleted');
  });
}
