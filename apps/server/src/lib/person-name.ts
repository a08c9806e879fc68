/** A person as the interface names them: first name and surname. */
export const personName = (u: { name: string; surname: string }) => `${u.name} ${u.surname}`.trim();
