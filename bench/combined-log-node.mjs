// What a Node.js user writes today to tally an access log, the reference of
// the combined-log suite: readline over the file, a regular expression for
// the request target, new URL(target, base) per line, and the tally of
// `swurl stats` (valid and invalid lines, schemes, hosts, paths, queries,
// fragments, ports, credentials; registrable domains by tldts per distinct
// host at the end) and the counts by status, printed as JSON.
//
//   node bench/combined-log-node.mjs FILE BASE
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { getDomain } from "tldts";

const [file, base] = process.argv.slice(2);
/** The request line's target: after the method, up to the protocol or the closing quote. */
const REQUEST = /"[A-Z]+ (\S+)(?: [^"]*)?"/;
/** The status: the three digits after the request's closing quote. */
const STATUS = /" (\d{3}) /;

const increment = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
const tally = {
  lines: 0,
  invalid: 0,
  schemes: new Map(),
  hosts: new Map(),
  paths: new Map(),
  statuses: new Map(),
  withQuery: 0,
  withFragment: 0,
  withPort: 0,
  withCredentials: 0,
};
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (line === "") continue;
  tally.lines++;
  increment(tally.statuses, STATUS.exec(line)?.[1] ?? "(none)");
  const m = REQUEST.exec(line);
  let url;
  try {
    url = new URL(m[1], base);
  } catch {
    tally.invalid++;
    continue;
  }
  increment(tally.schemes, url.protocol.slice(0, -1));
  if (url.hostname !== "") increment(tally.hosts, url.hostname);
  increment(tally.paths, url.pathname);
  if (url.search !== "") tally.withQuery++;
  if (url.hash !== "") tally.withFragment++;
  if (url.port !== "") tally.withPort++;
  if (url.username !== "" || url.password !== "") tally.withCredentials++;
}
const domains = new Map();
for (const [host, n] of tally.hosts) {
  const d = getDomain(host, { allowPrivateDomains: true });
  if (d !== null) domains.set(d, (domains.get(d) ?? 0) + n);
}
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 10);
console.log(
  JSON.stringify({
    ...tally,
    schemes: top(tally.schemes),
    hosts: top(tally.hosts),
    paths: top(tally.paths),
    statuses: top(tally.statuses),
    domains: top(domains),
  }),
);
