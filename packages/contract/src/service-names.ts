/*
 * Without zod (services.ts re-exports these with the schemas): the web app's signed-in shell
 * (menu, service selector) uses them on every screen, and zod stays out of its JS
 * (docs/performance.md, "No zod before a screen shows").
 */

/** The longest unit a service may have ("kWh", "m³"). */
export const SERVICE_UNIT_MAX = 16;

/** The service's name in the UI's language: the Arabic one in Arabic when set. */
export function serviceNameIn(service: { name: string; name_ar?: string | null }, language: string | undefined): string {
  const arabic = service.name_ar?.trim();
  return language?.startsWith('ar') && arabic ? arabic : service.name;
}

/** The Counters screen exists for metered services only, whatever the service is called (docs/tenants-and-settings.md). */
export function hasCounters(service: { is_metered: boolean } | null | undefined): boolean {
  return Boolean(service?.is_metered);
}
