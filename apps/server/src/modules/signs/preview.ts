import type { SignInput, SignLayout, SignPreviewData } from '@promo/shared';
import type { AuthContext } from '../../lib/auth-context';
import { invalid, notFound } from '../../lib/errors';
import { usableBackground } from './background';
import { signProducts, toSignData, withLocalFiles } from './sign-data';
import { signPsd, type SignDeps } from './sign-set';
import { eq } from 'drizzle-orm';
import { files, signTemplates } from '../../db/schema';

/** How wide a preview is drawn, in pixels. */
export const PREVIEW_WIDTH_PX = 800;

async function drawOne(deps: SignDeps, layout: SignLayout, sign: SignInput): Promise<SignPreviewData> {
  const known = await signProducts(deps.db, [sign.product_id]);
  const product = known.get(sign.product_id);
  if (!product) throw invalid({ 'sign.product_id': ['not_found'] });
  const [background] = layout.background_file_id === null ? [] : await deps.db.select({ key: files.storage_key }).from(files).where(eq(files.id, layout.background_file_id));
  const keys = [...(background ? [background.key] : []), ...(product.image_key ? [product.image_key] : [])];
  const outcome = await withLocalFiles(deps.storage, keys, (paths) =>
    deps.signRenderer.preview({
      layout,
      background: background ? paths.get(background.key)! : null,
      // A preview draws what is there: a missing price is marked by the renderer, not refused.
      sign: toSignData({ ...sign, price: sign.price ?? 0, previous_price: sign.previous_price ?? null }, product, (key) => paths.get(key) ?? null),
      width_px: PREVIEW_WIDTH_PX,
    }),
  );
  if (!outcome.ok) return { image: '', width_px: 0, height_px: 0, problems: outcome.problems };
  return { image: `data:image/png;base64,${Buffer.from(outcome.png).toString('base64')}`, width_px: outcome.width_px, height_px: outcome.height_px, problems: outcome.problems };
}

/** One sign with an unsaved layout of a template (its editor). */
export async function previewTemplate(deps: SignDeps, auth: AuthContext, designId: number, body: { layout: SignLayout; sign: SignInput }) {
  const [template] = await deps.db.select({ id: signTemplates.design_id }).from(signTemplates).where(eq(signTemplates.design_id, designId));
  if (!template) throw notFound();
  await usableBackground(deps.db, auth, designId, body.layout);
  return drawOne(deps, body.layout, body.sign);
}

/** One sign of a design, with the template version the design uses. */
export async function previewSign(deps: SignDeps, auth: AuthContext, psdId: number, sign: SignInput) {
  const psd = await signPsd(deps.db, auth, psdId);
  return drawOne(deps, psd.layout, sign);
}
