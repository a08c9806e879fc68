import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signGenerations } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Longer than any generate takes (1,000 signs render in about 20 s, bench/README.md): a claim this
 * old was left by a process that died and is taken over.
 */
export const GENERATE_CLAIM_STALE_MS = 15 * 60_000;

export const signsGenerating = () => new AppError(409, 'The signs of this design are being generated already', 'signs_generating');

/**
 * Takes the design's generate for this caller, whichever server process it runs in, or refuses with
 * signs_generating (409) while another one runs. One insert decides: the primary key lets one
 * through, and a claim older than GENERATE_CLAIM_STALE_MS is taken over in the same statement.
 */
export async function claimGenerate(db: DbOrTx, psdId: number): Promise<() => Promise<void>> {
  const claim = randomUUID();
  const taken = await db
    .insert(signGenerations)
    .values({ psd_id: psdId, claim })
    .onConflictDoUpdate({
      target: signGenerations.psd_id,
      set: { claim, claimed_at: sql`now()` },
      setWhere: sql`${signGenerations.claimed_at} < now() - make_interval(secs => ${GENERATE_CLAIM_STALE_MS / 1000})`,
    })
    .returning({ claim: signGenerations.claim });
  if (taken[0]?.claim !== claim) throw signsGenerating();
  return async () => {
    await db.delete(signGenerations).where(and(eq(signGenerations.psd_id, psdId), eq(signGenerations.claim, claim)));
  };
}
