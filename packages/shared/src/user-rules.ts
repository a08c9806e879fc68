import type { Role } from './constants';
import { can, mayManageRole } from './permissions';

/** The rules of decision 002 on one users row, for the server's checks and the web's row actions. */
type Actor = { id: number; role: Role };
type Target = { id: number; role: Role; status: boolean };

/** A manager of users edits the rows of roles it manages; anyone else only its own row. */
export const mayEditUser = (actor: Actor, target: Pick<Target, 'id' | 'role'>) =>
  can(actor.role, 'users.editAny') ? mayManageRole(actor.role, target.role) : actor.id === target.id;

export const mayChangePassword = (actor: Actor, target: Pick<Target, 'role'>) =>
  can(actor.role, 'users.updatePassword') && mayManageRole(actor.role, target.role);

/** Nobody deletes their own account. */
export const mayDeleteUser = (actor: Actor, target: Pick<Target, 'id' | 'role'>) =>
  can(actor.role, 'users.delete') && actor.id !== target.id && mayManageRole(actor.role, target.role);

/** Sign-in-as opens an active station only. */
export const maySignInAs = (actor: Pick<Actor, 'role'>, target: Pick<Target, 'role' | 'status'>) =>
  can(actor.role, 'auth.impersonate') && target.role === 'user' && target.status;
