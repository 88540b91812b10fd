// The part of the tr46 package (UTS #46 processing) that swurl uses.
declare module "tr46" {
  export interface ToASCIIOptions {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  export function toASCII(domainName: string, options?: ToASCIIOptions): string | null;
  /** The processing of toASCII without its Punycode encoding: the Unicode labels, and whether any failed. */
  export function toUnicode(domainName: string, options?: ToASCIIOptions): { domain: string; error: boolean };
  const tr46: { toASCII: typeof toASCII; toUnicode: typeof toUnicode };
  export default tr46;
}
