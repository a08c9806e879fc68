/** Dates as the specification shows them: ru-RU style, dd.mm.yyyy. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('ru-RU');

/** The end of a range day: 23:59:59.999, so the whole last day is included. */
export function endOfDay(date: Date): Date {
  const d = new Date(date);
  d.setHours(23, 59, 59, 999);
  return d;
}
