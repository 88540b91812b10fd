// The Infra Standard's strings (https://infra.spec.whatwg.org/#strings).

/** "An ASCII string is a string whose code points are all ASCII code points." */
export function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}
