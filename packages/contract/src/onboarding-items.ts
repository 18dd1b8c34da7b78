// Without zod (onboarding.ts re-exports it): the dashboard's checklist reads it on first render
// (docs/performance.md, "No zod before a screen shows").

/** The checklist's items, in the order a new client does them. */
export const ONBOARDING_ITEMS = [
  'company',
  'currency_tax',
  'services',
  'bundles',
  'stations',
  'addresses',
  'staff',
  'customers',
  'channel',
  'test_message',
] as const;
export type OnboardingItem = (typeof ONBOARDING_ITEMS)[number];
