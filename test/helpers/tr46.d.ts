// tr46 ships no type declarations: the part the tests use (it is the oracle of
// test/whatwg/uts46.test.ts and the source of the generated UTS #46 data).
declare module "tr46" {
  export interface Options {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  export function toASCII(domainName: string, options?: Options): string | null;
  export function toUnicode(domainName: string, options?: Options): { domain: string; error: boolean };
  const tr46: { toASCII: typeof toASCII; toUnicode: typeof toUnicode };
  export default tr46;
}

declare module "tr46/lib/mappingTable.json" {
  const table: [number | [number, number], number, string?][];
  export default table;
}

declare module "tr46/lib/regexes.js" {
  const regexes: Record<string, RegExp>;
  export default regexes;
}
