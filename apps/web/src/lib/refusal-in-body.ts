/*
 * Chromium prints every answer of 400 or more to fetch or XHR as a console error, and the page
 * cannot stop it. So the app asks for the refusals of what its user typed or chose (a change's 422,
 * the sign-in's 401) in a 200 answer (`Prefer: refusal=in-body`, apps/server/src/lib/refusal-in-body.ts),
 * and its clients turn such an answer back into the refusal it stands for. No import here: the
 * sign-in page uses it too.
 */
export const REFUSAL_PREFERENCE = 'refusal=in-body';

/** The status a 200 answer stands for when the server applied the preference, else null. */
export function refusedStatus(header: (name: string) => unknown): number | null {
  if (header('preference-applied') !== REFUSAL_PREFERENCE) return null;
  const status = Number(header('refusal-status'));
  return status >= 400 ? status : 422;
}
