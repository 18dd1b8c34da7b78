import type { TFunction } from 'i18next';

/** "Floor 2, apartment 1" (either alone when the other is blank), or ''. */
export function roundPlaceOf(row: { floor: string; apartment: string }, t: TFunction): string {
  if (row.floor && row.apartment) return t('rounds.place', { floor: row.floor, apartment: row.apartment });
  if (row.floor) return t('rounds.floorOnly', { floor: row.floor });
  if (row.apartment) return t('rounds.apartmentOnly', { apartment: row.apartment });
  return '';
}

/** The round's own query (`collector`, `date`) from the page URL, for links between its screens. */
export function roundQueryOf(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ['collector', 'date']) {
    const value = params.get(name);
    if (value) query[name] = value;
  }
  return query;
}

export function roundSearchOf(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
}
