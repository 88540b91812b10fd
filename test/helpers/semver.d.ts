// semver ships no type declarations: the part the tests use
// (test/package/contributing.test.ts).
declare module "semver" {
  export function satisfies(version: string, range: string): boolean;
  const semver: { satisfies: typeof satisfies };
  export default semver;
}
