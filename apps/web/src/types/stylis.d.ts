// stylis ships no types; the emotion RTL cache only needs its middleware signature and prefixer.
declare module 'stylis' {
  export type Middleware = (element: unknown, index: number, children: unknown[], callback: unknown) => string | void;
  export const prefixer: Middleware;
}
