// The public sections of a language's texts, made at build time (apps/web/vite.config.ts, publicTexts).
declare module 'virtual:public-texts/*' {
  export const texts: Record<string, unknown>;
}
declare module 'virtual:sign-in-texts/*' {
  export const texts: Record<string, unknown>;
}
