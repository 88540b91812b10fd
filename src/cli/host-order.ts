// The sort key of `canon --sort surt`: a URL's host with its labels in
// reverse order (com,example,www), its port, ")" and the rest of the URL
// after the authority, as a SURT key starts (the Wayback Machine's order), so
// that sorting puts each host's URLs together and the hosts of a domain next
// to each other: the order of politeness queues. A stand-in for surt() of
// src/canonical/surt.ts, which knows SURT's other rules (no "www.", no
// scheme, its own query order); the sort calls this in one place.

/** Dotted-quad IPv4 hosts keep their order (they have no labels to reverse). */
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

export function hostOrderKey(url: string): string {
  const slashes = url.indexOf("://");
  // No authority (mailto:, data:, urn:): the URL itself.
  if (slashes < 0) return url;
  const start = slashes + 3;
  let end = start;
  while (end < url.length && url[end] !== "/" && url[end] !== "?" && url[end] !== "#") end++;
  const authority = url.slice(url.lastIndexOf("@", end - 1) + 1 || start, end);
  // An IPv6 host "[...]" may hold ":"; a port follows its "]".
  const portAt = authority.indexOf(":", authority.startsWith("[") ? authority.indexOf("]") : 0);
  const host = portAt < 0 ? authority : authority.slice(0, portAt);
  const port = portAt < 0 ? "" : authority.slice(portAt);
  const labels = host.startsWith("[") || IPV4.test(host) ? host : host.split(".").reverse().join(",");
  return `${labels}${port})${url.slice(end)}`;
}
