// whatwg-url ships no type declarations: the part the tests use. Its URL class
// has the shape of the standard one.
declare module "whatwg-url" {
  export const URL: typeof globalThis.URL;
}
