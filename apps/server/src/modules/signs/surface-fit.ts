import { asc, eq } from 'drizzle-orm';
import type { SignLayout, SurfaceSizeUnit } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { surfaces, systemSettings } from '../../db/schema';
import { SIZE_TOLERANCE_MM } from '../../lib/preflight/checks';
import { parseSurfaceSize, type SurfaceSize } from '../../lib/preflight/surface-size';

/** A surface's size in mm, read in the unit of the system settings (as the preflight reads it); null when it names none. */
export async function surfaceSizeMm(db: DbOrTx, surfaceId: number): Promise<SurfaceSize | null> {
  const [[surface], [settings]] = await Promise.all([
    db.select({ size: surfaces.size_surface }).from(surfaces).where(eq(surfaces.id, surfaceId)),
    db.select({ unit: systemSettings.surface_size_unit }).from(systemSettings).orderBy(asc(systemSettings.id)).limit(1),
  ]);
  return surface ? parseSurfaceSize(surface.size, (settings?.unit ?? 'cm') as SurfaceSizeUnit) : null;
}

/** A template's trim size is the surface's size (within the preflight's tolerance), not turned. */
export const fitsSurface = (layout: Pick<SignLayout, 'width_mm' | 'height_mm'>, size: SurfaceSize | null) =>
  !!size && Math.abs(layout.width_mm - size.width_mm) <= SIZE_TOLERANCE_MM && Math.abs(layout.height_mm - size.height_mm) <= SIZE_TOLERANCE_MM;
