import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { can, type SignInput, type SignLayout, type SignSetData } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { chatMessages, designs, signs, signTemplates } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, invalid, notFound } from '../../lib/errors';
import type { SignRenderer } from '../../lib/signs/sign-renderer';
import type { Storage } from '../../lib/storage';
import { printFilesFixed } from '../print/hq-files';
import { visiblePsd, type PsdLock, type PsdRow } from '../promotion-design/psd-access';
import { assertNotSentToPrinters } from '../promotion-design/service';
import { dataProblems, problemsRefusal, signProducts, toSignData, type StoredProduct } from './sign-data';
import { templateVersion } from './templates';

export interface SignDeps {
  db: Db;
  storage: Storage;
  signRenderer: SignRenderer;
}

export type SignPsd = PsdRow & { template_version: number; layout: SignLayout };

/**
 * A design made from a template that the caller may see (the design page's rule: a cm only of its
 * categories); a designer only the design it holds, and only to read.
 */
export async function signPsd(db: DbOrTx, auth: AuthContext, psdId: number, lock: PsdLock = false): Promise<SignPsd> {
  const psd = await visiblePsd(db, auth, psdId, lock);
  if (auth.user.role === 'designer' && psd.designer_id !== auth.user.id) throw forbidden();
  if (psd.template_version === null) throw notFound();
  const layout = await templateVersion(db, psd.design_id, psd.template_version);
  if (!layout) throw notFound();
  return { ...psd, template_version: psd.template_version, layout };
}

/** The stored signs of a design, in order, as rows for the renderer. */
export async function storedSigns(db: DbOrTx, psdId: number) {
  return db.select().from(signs).where(eq(signs.psd_id, psdId)).orderBy(asc(signs.position));
}

export async function getSignSet(db: Db, auth: AuthContext, psdId: number): Promise<SignSetData> {
  const psd = await signPsd(db, auth, psdId);
  const [rows, [template], [generated], sent] = await Promise.all([
    storedSigns(db, psdId),
    db
      .select({ name: designs.name, current: signTemplates.current_version })
      .from(designs)
      .innerJoin(signTemplates, eq(signTemplates.design_id, designs.id))
      .where(eq(designs.id, psd.design_id)),
    db
      .select({ message_id: chatMessages.message_id, template_version: chatMessages.sign_template_version, signs: chatMessages.sign_count, create_date: chatMessages.created_at })
      .from(chatMessages)
      .where(and(eq(chatMessages.chat_id, psd.chat_id ?? -1), isNotNull(chatMessages.sign_template_version)))
      .orderBy(desc(chatMessages.message_id))
      .limit(1),
    isSent(db, psd.promotion_id),
  ]);
  const known = await signProducts(db, rows.map((r) => r.product_id));
  return {
    psd_id: psd.id,
    template: { design_id: psd.design_id, name: template?.name ?? '', version: psd.template_version, current_version: template?.current ?? psd.template_version, layout: psd.layout },
    signs: rows.map((r) => {
      const p = known.get(r.product_id)!;
      return {
        id: r.id,
        position: r.position,
        product: { id: p.id, name: p.name, manufacturer: p.manufacturer, ean: p.ean, net_quantity: p.net_quantity, net_unit: p.net_unit },
        price: r.price_ore,
        previous_price: r.previous_price_ore,
        valid_to: r.valid_to,
        texts: r.texts,
      };
    }),
    generated: generated ? { message_id: generated.message_id, template_version: generated.template_version!, signs: generated.signs ?? 0, create_date: generated.create_date.toISOString() } : null,
    may_edit: can(auth.user.role, 'signs.edit') && !sent,
  };
}

const isSent = printFilesFixed;

/** Every rule of the data and the renderer's fit: the field errors of the first refusal, or nothing. */
export async function refusalOf(deps: SignDeps, layout: SignLayout, inputs: SignInput[], known: Map<number, StoredProduct>) {
  const { problems, errors } = dataProblems(layout, inputs, known);
  if (problems.length || Object.keys(errors).length) {
    const refusal = problemsRefusal(problems);
    return invalid({ ...(refusal.errors ?? {}), ...errors });
  }
  const drawn = inputs.map((s) => toSignData({ ...s, price: s.price!, previous_price: s.previous_price ?? null }, known.get(s.product_id)!, () => null));
  const fit = await deps.signRenderer.check({ layout, background: null, signs: drawn });
  return fit.length ? problemsRefusal(fit) : null;
}

/**
 * Replaces the design's signs. Every sign is checked (data rules, then the renderer's fit) before
 * the transaction; the list is written in one transaction, so a refusal stores nothing.
 */
export async function saveSigns(deps: SignDeps, auth: AuthContext, psdId: number, inputs: SignInput[]) {
  const psd = await signPsd(deps.db, auth, psdId);
  const known = await signProducts(deps.db, inputs.map((s) => s.product_id));
  const refusal = await refusalOf(deps, psd.layout, inputs, known);
  if (refusal) throw refusal;
  await deps.db.transaction(async (tx) => {
    const held = await signPsd(tx, auth, psdId, 'update');
    await assertNotSentToPrinters(tx, held.promotion_id);
    const before = await tx.delete(signs).where(eq(signs.psd_id, psdId)).returning({ id: signs.id });
    if (inputs.length) {
      await tx.insert(signs).values(
        inputs.map((s, position) => ({
          psd_id: psdId,
          position,
          product_id: s.product_id,
          price_ore: s.price!,
          previous_price_ore: s.previous_price ?? null,
          valid_to: s.valid_to,
          texts: s.texts,
        })),
      );
    }
    await writeAudit(tx, auth, {
      action: 'save_signs',
      entity: 'promotion_surface_designs',
      entityId: psdId,
      before: { signs: before.length },
      after: { signs: inputs.length, template_version: held.template_version },
    });
  });
  return getSignSet(deps.db, auth, psdId);
}
