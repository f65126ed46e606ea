// jsdom ships no types and @types/jsdom is not installed: the part the prerender step and its test use.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: { readonly url?: string; readonly runScripts?: "outside-only" })
    readonly window: Window & typeof globalThis & { close(): void }
  }
}
