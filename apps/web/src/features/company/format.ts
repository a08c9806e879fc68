/** A date and time as the lists show them: ru-RU style, dd.mm.yyyy, hh:mm. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
