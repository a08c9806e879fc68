import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { fieldsOutsideSafeArea, fileExtension, zSignLayout, type SignLayout, type SignTemplateData, type SignTemplateSummary } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, designs, files, signTemplates, signTemplateVersions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalid, invalidField, notFound } from '../../lib/errors';
import { personName } from '../../lib/person-name';
import type { Storage } from '../../lib/storage';
import { designCategoryScope } from '../promotion-design/category-scope';
import { checkBackground, claimBackground, type Inspector } from './background';
import { fitsSurface, surfaceSizeMm } from './surface-fit';

interface Deps {
  db: Db;
  storage: Storage;
  preflight: Inspector;
}

/** A stored layout, read with the schema's defaults (a layout saved before a field was added still reads). */
export const storedLayout = (layout: unknown): SignLayout => zSignLayout.parse(layout);

export const templateChanged = () => new AppError(409, 'The template was changed meanwhile', 'template_changed');

/** The layout of one version of a template. */
export async function templateVersion(db: DbOrTx, designId: number, version: number): Promise<SignLayout | null> {
  const [row] = await db
    .select({ layout: signTemplateVersions.layout })
    .from(signTemplateVersions)
    .where(and(eq(signTemplateVersions.design_id, designId), eq(signTemplateVersions.version, version)));
  return row ? storedLayout(row.layout) : null;
}

/** The current version of a template and its layout; null when the design is no template. */
export async function currentTemplate(db: DbOrTx, designId: number): Promise<{ version: number; layout: SignLayout } | null> {
  const [row] = await db
    .select({ version: signTemplates.current_version, layout: signTemplateVersions.layout })
    .from(signTemplates)
    .innerJoin(signTemplateVersions, and(eq(signTemplateVersions.design_id, signTemplates.design_id), eq(signTemplateVersions.version, signTemplates.current_version)))
    .where(eq(signTemplates.design_id, designId));
  return row ? { version: row.version, layout: storedLayout(row.layout) } : null;
}

/**
 * The templates a caller may pick: every one for admins, cm-admins and designers, a cm's of its own
 * categories (as the catalogue's designs, decision 003); with a surface, only those of its size.
 */
export async function listTemplates(db: Db, auth: AuthContext, surfaceId: number | undefined): Promise<SignTemplateSummary[]> {
  const scope = await designCategoryScope(db, auth);
  const rows = await db
    .select({
      design_id: designs.id,
      name: designs.name,
      category_id: categories.id,
      category_name: categories.name,
      version: signTemplates.current_version,
      layout: signTemplateVersions.layout,
      update_date: signTemplates.updated_at,
    })
    .from(signTemplates)
    .innerJoin(designs, eq(designs.id, signTemplates.design_id))
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .innerJoin(signTemplateVersions, and(eq(signTemplateVersions.design_id, signTemplates.design_id), eq(signTemplateVersions.version, signTemplates.current_version)))
    .where(scope ? inArray(designs.category_id, scope.length ? scope : [-1]) : undefined)
    .orderBy(asc(designs.name), asc(designs.id));
  const size = surfaceId === undefined ? undefined : await surfaceSizeMm(db, surfaceId);
  return rows
    .map((r) => ({ ...r, layout: storedLayout(r.layout) }))
    .filter((r) => size === undefined || fitsSurface(r.layout, size))
    .map((r) => ({
      design_id: r.design_id,
      name: r.name,
      category: { id: r.category_id, name: r.category_name },
      version: r.version,
      width_mm: r.layout.width_mm,
      height_mm: r.layout.height_mm,
      update_date: r.update_date.toISOString(),
    }));
}

export async function getTemplate(db: DbOrTx, designId: number): Promise<SignTemplateData> {
  const [design] = await db
    .select({ id: designs.id, name: designs.name, category_id: categories.id, category_name: categories.name })
    .from(designs)
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .where(eq(designs.id, designId));
  const current = design ? await currentTemplate(db, designId) : null;
  if (!design || !current) throw notFound();
  const [versions, background] = await Promise.all([
    db
      .select({ version: signTemplateVersions.version, create_date: signTemplateVersions.created_at, name: users.name, surname: users.surname })
      .from(signTemplateVersions)
      .leftJoin(users, eq(users.id, signTemplateVersions.author_id))
      .where(eq(signTemplateVersions.design_id, designId))
      .orderBy(desc(signTemplateVersions.version)),
    current.layout.background_file_id === null
      ? []
      : db.select({ id: files.id, name: files.original_name }).from(files).where(eq(files.id, current.layout.background_file_id)),
  ]);
  return {
    design_id: design.id,
    name: design.name,
    category: { id: design.category_id, name: design.category_name },
    version: current.version,
    layout: current.layout,
    background: background[0] ? { file_id: background[0].id, name: background[0].name, extension: fileExtension(background[0].name) } : null,
    versions: versions.map((v) => ({ version: v.version, author_name: v.name !== null ? personName({ name: v.name, surname: v.surname ?? '' }) : '', create_date: v.create_date.toISOString() })),
  };
}

/** Refuses a layout with a field past the safe area: `layout.fields.N` outside_safe_area for each. */
function assertInsideSafeArea(layout: SignLayout) {
  const outside = new Set(fieldsOutsideSafeArea(layout));
  if (!outside.size) return;
  const errors: Record<string, string[]> = {};
  layout.fields.forEach((f, i) => {
    if (outside.has(f.id)) errors[`layout.fields.${i}`] = ['outside_safe_area'];
  });
  throw invalid(errors);
}

async function insertVersion(tx: DbOrTx, auth: AuthContext, designId: number, version: number, layout: SignLayout) {
  await claimBackground(tx, auth, designId, layout);
  await tx.insert(signTemplateVersions).values({ design_id: designId, version, layout, author_id: auth.user.id });
}

/** A catalogue design becomes a template: version 1 of its layout. */
export async function createTemplate(deps: Deps, auth: AuthContext, body: { design_id: number; layout: SignLayout }): Promise<SignTemplateData> {
  const [design] = await deps.db.select({ id: designs.id }).from(designs).where(eq(designs.id, body.design_id));
  if (!design) throw invalidField('design_id', 'not_found');
  assertInsideSafeArea(body.layout);
  await checkBackground(deps, auth, body.design_id, body.layout);
  return deps.db.transaction(async (tx) => {
    const made = await tx.insert(signTemplates).values({ design_id: body.design_id, current_version: 1 }).onConflictDoNothing().returning();
    if (!made.length) throw invalidField('design_id', 'template_exists');
    await insertVersion(tx, auth, body.design_id, 1, body.layout);
    await writeAudit(tx, auth, { action: 'create', entity: 'sign_templates', entityId: body.design_id, after: { design_id: body.design_id, version: 1, layout: body.layout } });
    return getTemplate(tx, body.design_id);
  });
}

/** A new background read by the preflight when it is picked, as the save would read it (nothing is stored). */
export async function checkTemplateBackground(deps: Deps, auth: AuthContext, designId: number, layout: SignLayout): Promise<void> {
  const [known] = await deps.db.select({ id: signTemplates.design_id }).from(signTemplates).where(eq(signTemplates.design_id, designId));
  if (!known) throw notFound();
  await checkBackground(deps, auth, designId, layout);
}

/**
 * A new version of the layout. The template's row is held while the version is numbered, so of
 * saves based on the same version exactly one goes in; the others answer template_changed (409)
 * and store nothing. The unique (design, version) index holds it too.
 */
export async function saveTemplate(deps: Deps, auth: AuthContext, designId: number, body: { based_on_version: number; layout: SignLayout }): Promise<SignTemplateData> {
  const [known] = await deps.db.select({ version: signTemplates.current_version }).from(signTemplates).where(eq(signTemplates.design_id, designId));
  if (!known) throw notFound();
  if (known.version !== body.based_on_version) throw templateChanged();
  assertInsideSafeArea(body.layout);
  await checkBackground(deps, auth, designId, body.layout);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(signTemplates).where(eq(signTemplates.design_id, designId)).for('update');
    if (!row) throw notFound();
    if (row.current_version !== body.based_on_version) throw templateChanged();
    const before = await templateVersion(tx, designId, row.current_version);
    const version = row.current_version + 1;
    await insertVersion(tx, auth, designId, version, body.layout);
    await tx.update(signTemplates).set({ current_version: version, updated_at: new Date() }).where(eq(signTemplates.design_id, designId));
    await writeAudit(tx, auth, {
      action: 'update',
      entity: 'sign_templates',
      entityId: designId,
      before: { version: row.current_version, layout: before },
      after: { version, layout: body.layout },
    });
    return getTemplate(tx, designId);
  });
}
