import type { Role } from './constants';

/** The single table of role rules: the server's guard and the web's useCan read it. */
export const PERMISSIONS = {
  'users.view': ['admin', 'cm', 'cm-admin', 'designer'],
  'users.create': ['admin', 'cm-admin'],
  'users.editAny': ['admin', 'cm-admin'],
  'users.changeRole': ['admin', 'cm-admin'],
  'users.updatePassword': ['admin', 'cm-admin'],
  'users.delete': ['admin', 'cm-admin'],
  'users.listByField': ['admin', 'cm', 'cm-admin'],
  /** Lifting an account's sign-in lockout (decision 027). */
  'users.unlockSignIn': ['admin'],
  'auth.impersonate': ['admin', 'cm-admin'],
  'catalog.view': ['admin', 'cm', 'cm-admin'],
  'catalog.manage': ['admin', 'cm-admin'],
  'promotions.view': ['admin', 'cm', 'cm-admin', 'designer'],
  'promotions.create': ['admin', 'cm', 'cm-admin'],
  'promotions.edit': ['admin', 'cm-admin'],
  'designs.editBrief': ['admin', 'cm', 'cm-admin'],
  'designs.bind': ['admin', 'designer'],
  'chat.chooseFileType': ['admin', 'designer', 'cm-admin'],
  'chat.rate': ['admin', 'cm', 'cm-admin'],
  'chat.seeRating': ['admin', 'designer', 'cm-admin'],
  'reports.view': ['admin', 'cm', 'cm-admin', 'distributor'],
  'reports.send': ['admin', 'cm', 'cm-admin'],
  'reports.seePrice': ['admin', 'cm-admin'],
  /** Taking a promotion back from the printers (decision 011): the one way to change its print files. */
  'reports.takeBack': ['admin'],
  /** Sending to printers although a current HQ file's preflight found errors (decision 017). */
  'reports.overridePreflight': ['admin'],
  'print.view': ['printer'],
  'distribution.view': ['distributor'],
  'company.view': ['user'],
  'settings.view': ['admin'],
  /** Reading any feedback thread (moderation); writing stays with the two participants. */
  'feedback.readAny': ['admin'],
  /** The API reference (/api/docs) when API_DOCS is 'admin'. */
  'api.docs': ['admin'],
  /** The audit log (decision 020): who changed what, sign-ins and sign-in-as. */
  'audit.view': ['admin'],
  /** The chain's overview (issue 24): a cm sees only its categories' figures. */
  'insights.view': ['admin', 'cm-admin', 'cm'],
  /** Skipping a version's review stage or deciding for one of its reviewers, with a reason (decision 040). */
  'reviews.override': ['admin'],
  /** Price signs (decision 042): reading templates and a design's signs; the object rules are the design page's. */
  'signs.view': ['admin', 'cm', 'cm-admin', 'designer'],
  /** Laying out a template and saving its versions. */
  'signs.manageTemplates': ['admin', 'cm-admin', 'designer'],
  /** Filling in a promotion's signs and generating their PDF: a cm only for its categories' designs. */
  'signs.edit': ['admin', 'cm', 'cm-admin'],
} as const satisfies Record<string, readonly Role[]>;

export type PermissionKey = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, key: PermissionKey): boolean {
  return !!role && (PERMISSIONS[key] as readonly Role[]).includes(role);
}

/** Who a cm-admin may not create, promote to or manage: only an admin manages admins. */
export function mayManageRole(actor: Role, target: Role): boolean {
  if (actor === 'admin') return true;
  if (actor === 'cm-admin') return target !== 'admin';
  return false;
}
