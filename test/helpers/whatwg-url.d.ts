// whatwg-url ships no type declarations: the part the tests use. Its URL and
// URLSearchParams classes have the shape of the standard ones.
declare module "whatwg-url" {
  export const URL: typeof globalThis.URL;
  export const URLSearchParams: typeof globalThis.URLSearchParams;
}
