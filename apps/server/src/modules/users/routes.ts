import type { FastifyInstance } from 'fastify';
import { users as contract } from '@promo/shared';
import { ok, route } from '../../lib/route';
import {
  assignableRoles,
  createUser,
  deleteUser,
  listUsers,
  managedCategory,
  unlockSignIn,
  updatePassword,
  updateUser,
  usersByRole,
} from './service';

export async function usersRoutes(app: FastifyInstance) {
  route(app, contract.list, async ({ auth, query }) =>
    ok('Users', 'users_list', await listUsers(app.db, auth.user, query, (emails) => app.loginThrottle.locked(emails))),
  );

  route(app, contract.create, async ({ auth, body }) => {
    const user = await createUser(app.db, auth, body);
    return ok('User created', 'user_created', user);
  });

  route(app, contract.update, async ({ auth, params, body }) =>
    ok('User updated', 'user_updated', await updateUser(app.db, auth, params.id, body)),
  );

  route(app, contract.remove, async ({ auth, params }) => {
    await deleteUser(app.db, auth, params.id);
    return ok('User deleted', 'user_deleted');
  });

  route(app, contract.getAllRoles, async ({ auth }) =>
    ok('Roles', 'roles', { roles: assignableRoles(auth.user.role).map((name) => ({ name })) }),
  );

  route(app, contract.updatePassword, async ({ auth, body }) => {
    await updatePassword(app.db, auth, body.user_id, body.new_password);
    return ok('Password updated', 'password_updated');
  });

  route(app, contract.unlockSignIn, async ({ auth, body }) => {
    await unlockSignIn(app.db, app.loginThrottle, auth, body.user_id);
    return ok('Sign-in unlocked', 'sign_in_unlocked');
  });

  route(app, contract.getManagerCategory, async ({ body }) =>
    ok('Manager category', 'manager_category', await managedCategory(app.db, body.user_id)),
  );

  route(app, contract.getUsersByField, async ({ auth, body }) =>
    ok('Users', 'users_list', { users: await usersByRole(app.db, auth.user, body.value) }),
  );
}
