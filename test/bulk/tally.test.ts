// Tallies in the kernel (createTally(): src/bulk/tally.ts, assembly/tally.ts) against the same
// counts made from each line's ParsedUrl getters, on every corpus and every build:
// lines in several batches (a tally carries its tables from one to the next),
// from a line other than the first, against a base, and with paths pruned.
import { describe, expect, it } from "vitest";
import type { TallyCounts as Counts, TallySummary, UrlBatch } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";

const increment = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** The entries of `map` by count, largest first, equal counts in key order: the report's order. */
const reportOrder = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

/** Each table of `tally.summary()` read in place equals that table of `tally.counts()`: size, every count, tops of every length. */
function expectSummaryOfCounts(tally: { counts(): Counts; summary(): TallySummary }): void {
  const counts = tally.counts();
  const summary = tally.summary();
  for (const name of ["schemes", "hosts", "paths"] as const) {
    const map = counts[name];
    const table = summary[name];
    expect(table.size).toBe(map.size);
    expect(table.toMap()).toEqual(map);
    for (const [key, n] of map) if (table.count(key) !== n) expect([key, table.count(key)]).toEqual([key, n]);
    for (const absent of ["/not/counted/anywhere", "", "caf\u00e9", "\u{1F600}"])
      if (!map.has(absent)) expect(table.count(absent)).toBe(0);
    // Sorted once: a tally of a corpus holds tens of thousands of paths.
    const ordered = reportOrder(map);
    for (const n of [0, 1, 2, 5, 10, 64, 65, 100, map.size, map.size + 3])
      expect(table.top(n)).toEqual(ordered.slice(0, n));
  }
  const { schemes, hosts, paths, ...counters } = counts;
  const { schemes: _s, hosts: _h, paths: _p, ...summed } = summary;
  expect(summed).toEqual(counters);
}

/** The counts of the lines of each batch from its start on that parsed, from their ParsedUrls' getters. */
function reference(batches: [UrlBatch, number][]): Counts {
  const c: Counts = {
    valid: 0,
    withQuery: 0,
    withFragment: 0,
    withCredentials: 0,
    withPort: 0,
    schemes: new Map(),
    hosts: new Map(),
    paths: new Map(),
    pathsDropped: 0,
  };
  for (const [batch, from] of batches) {
    for (let i = from; i < batch.length; i++) {
      const url = batch.get(i);
      if (url === null) continue;
      c.valid++;
      increment(c.schemes, url.protocol.slice(0, -1));
      if (url.hostname !== "") increment(c.hosts, url.hostname);
      increment(c.paths, url.pathname);
      if (url.search !== "") c.withQuery++;
      if (url.hash !== "") c.withFragment++;
      if (url.username !== "" || url.password !== "") c.withCredentials++;
      if (url.port !== "") c.withPort++;
    }
  }
  return c;
}

const CORPORA = ["kasztp", "npm-mixed", "debian-files", "file-urls", "ipv4-hosts"];

describe.each(builds)("createTally(), %s build", (_name, api) => {
  it.each(CORPORA)("%s in batches of 3,000 lines equals the getters' counts", (corpus) => {
    const tally = api.createTally();
    const lines = corpusLines(corpus);
    const batches: [UrlBatch, number][] = [];
    for (let i = 0; i < lines.length; i += 3000) {
      const batch = api.parseBatch(lines.slice(i, i + 3000).join("\n"));
      // A range's first line is not its own (the --threads reader): start some batches after it.
      const from = (i / 3000) % 3 === 1 ? 1 : 0;
      tally.add(batch, from);
      batches.push([batch, from]);
    }
    const expected = reference(batches);
    expect(expected.valid).toBeGreaterThan(lines.length / 2);
    expect(tally.counts()).toEqual(expected);
    expectSummaryOfCounts(tally);
  });

  it("links against a base, and access-log lines, count as the getters do", () => {
    const tally = api.createTally();
    const urls = corpusLines("npm-mixed");
    const links = urls.map((u) => u.replace(/^[a-z]+:\/\/[^/]*/i, "")).join("\n");
    const log = urls
      .map((u, i) => `10.0.0.${i % 250} - - [10/Oct/2024:13:55:36 +0000] "GET ${u} HTTP/1.1" 200 5`)
      .join("\n");
    const batches: [UrlBatch, number][] = [
      [api.parseBatch(links, { base: "https://user:pw@Example.COM:8080/dir/page?q#f" }), 0],
      [api.parseBatch(log, { accessLog: "request" }), 0],
    ];
    for (const [batch] of batches) tally.add(batch);
    expect(tally.counts()).toEqual(reference(batches));
  });

  it("keeps the most frequent paths past its bound, the others' counts added up", () => {
    const keep = 500;
    const tally = api.createTally({ paths: keep });
    const lines = corpusLines("kasztp");
    const batches: [UrlBatch, number][] = [];
    for (let i = 0; i < lines.length; i += 4000) {
      const batch = api.parseBatch(lines.slice(i, i + 4000).join("\n"));
      tally.add(batch);
      batches.push([batch, 0]);
    }
    const exact = reference(batches);
    const counts = tally.counts();
    // Schemes and hosts are not bounded; paths are, and no count is ever more than the true one.
    expect(counts.schemes).toEqual(exact.schemes);
    expect(counts.hosts).toEqual(exact.hosts);
    expect(counts.paths.size).toBeLessThanOrEqual(2 * keep + 4000);
    expect(counts.pathsDropped).toBeGreaterThan(0);
    let kept = 0;
    for (const [p, n] of counts.paths) {
      expect(n).toBeLessThanOrEqual(exact.paths.get(p)!);
      kept += n;
    }
    expect(kept + counts.pathsDropped).toBe(exact.valid);
    // The most frequent paths of the corpus stay, with their exact counts.
    const top = [...exact.paths].sort((a, b) => b[1] - a[1]).slice(0, 5);
    for (const [p, n] of top) expect(counts.paths.get(p)).toBe(n);
    expectSummaryOfCounts(tally);
  });

  it("summary() reads the tables in place: ties in key order, a key made of any bytes, a count past 2^31", () => {
    const tally = api.createTally();
    // Paths that tie on their counts, in an order that is neither the key order nor the reverse; a prefix before its extension.
    const paths = ["/b", "/a", "/ab", "/a/", "/%C3%A9", "/Z", "/a", "/b", "/ab", "/", "/z", "/zz", "/z"];
    tally.add(api.parseBatch(paths.map((p) => `https://h${p.length}.example${p}`).join("\n")));
    expect(tally.summary().paths.top(4)).toEqual([
      ["/a", 2],
      ["/ab", 2],
      ["/b", 2],
      ["/z", 2],
    ]);
    expectSummaryOfCounts(tally);
    // A count above 2^31 is read unsigned, and orders above the others.
    const big = api.createTally();
    const bytes = tally.serialize();
    const words = new Int32Array(bytes.buffer);
    // The first table's first triple: (offset, length, count).
    words[1 + 5 + 2 + 2 + 2] = -5;
    big.addSerialized(bytes);
    const scheme = big.summary().schemes.top(1)[0];
    expect(scheme[1]).toBe(2 ** 32 - 5);
    expect(big.summary().schemes.count(scheme[0])).toBe(2 ** 32 - 5);
    expectSummaryOfCounts(big);
  });

  it("summary()'s tables refuse a count of what is not a string and a top of what is not a whole number", () => {
    const { paths } = api.createTally().summary();
    expect(() => paths.count(7 as never)).toThrow(/expected a string/);
    for (const n of [-1, 1.5, Number.NaN, "3"]) expect(() => paths.top(n as never)).toThrow(/whole number/);
    expect(paths.top(3)).toEqual([]);
    expect(paths.size).toBe(0);
  });

  it("counts the lines the kernel leaves to parse(): UTS #46 hosts, blob: URLs, hrefs too long for a row", () => {
    const tally = api.createTally();
    const long = `https://long.example/${"a/".repeat(40000)}?q`;
    const lines = [
      "https://münchen.de/straße?x#y",
      "blob:https://example.com/uuid",
      long,
      "http://user@xn--mnchen-3ya.de:8080/",
      "not a url",
      long,
    ];
    const batches: [UrlBatch, number][] = [[api.parseBatch(lines.join("\n")), 0]];
    tally.add(batches[0][0]);
    const counts = tally.counts();
    expect(counts).toEqual(reference(batches));
    expect(counts.valid).toBe(5);
    expect(counts.hosts.get("xn--mnchen-3ya.de")).toBe(2);
    expect(counts.paths.get(`/${"a/".repeat(40000)}`)).toBe(2);
  });

  it.each(CORPORA)("%s counted in two tallies, one serialized into the other, equals one tally of all", (corpus) => {
    // What --threads does: each thread's tally crosses as bytes and is added into one.
    const lines = corpusLines(corpus);
    const half = lines.length >> 1;
    const first = api.createTally();
    const second = api.createTally();
    const whole = api.createTally();
    const batches = [api.parseBatch(lines.slice(0, half).join("\n")), api.parseBatch(lines.slice(half).join("\n"))];
    first.add(batches[0]);
    second.add(batches[1]);
    for (const batch of batches) whole.add(batch);
    const total = api.createTally();
    total.addSerialized(first.serialize());
    total.addSerialized(second.serialize());
    expect(total.counts()).toEqual(whole.counts());
    expectSummaryOfCounts(total);
    // Added into a tally that has counts of its own, and from bytes that do not start on a word boundary.
    const bytes = second.serialize();
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    first.addSerialized(shifted.subarray(1));
    expect(first.counts()).toEqual(whole.counts());
  });

  it("adds serialized tallies whose paths were pruned: the bound holds, no count above the true one", () => {
    const keep = 300;
    const lines = corpusLines("kasztp");
    const total = api.createTally({ paths: keep });
    const batches: [UrlBatch, number][] = [];
    for (let i = 0; i < lines.length; i += 8000) {
      const part = api.createTally({ paths: keep });
      const batch = api.parseBatch(lines.slice(i, i + 8000).join("\n"));
      part.add(batch);
      batches.push([batch, 0]);
      total.addSerialized(part.serialize());
    }
    const exact = reference(batches);
    const counts = total.counts();
    expect(counts.hosts).toEqual(exact.hosts);
    expect(counts.paths.size).toBeLessThanOrEqual(2 * keep);
    let kept = 0;
    for (const [p, n] of counts.paths) {
      expect(n).toBeLessThanOrEqual(exact.paths.get(p)!);
      kept += n;
    }
    expect(counts.pathsDropped).toBeGreaterThan(0);
    expect(kept + counts.pathsDropped).toBe(exact.valid);
    expectSummaryOfCounts(total);
  });

  it("refuses bytes that are not a serialized tally, and adds nothing", () => {
    const tally = api.createTally();
    tally.add(api.parseBatch("http://a.example/x\nhttps://b.example/y"));
    const before = tally.counts();
    const good = tally.serialize();
    const cut = good.subarray(0, good.length - 4);
    const badMagic = good.slice();
    badMagic[0] ^= 1;
    // A key that would lie past the table's key bytes: the first table's first offset made huge.
    const badOffset = good.slice();
    new DataView(badOffset.buffer).setInt32((1 + 5 + 2 + 2) * 4, 1 << 20, true);
    for (const bytes of [new Uint8Array(0), cut, badMagic, badOffset, new Uint8Array(good.length)])
      expect(() => tally.addSerialized(bytes)).toThrow(/not a serialized tally/);
    expect(() => tally.addSerialized([1, 2] as never)).toThrow(/expected a Uint8Array/);
    expect(tally.counts()).toEqual(before);
  });

  it("refuses what is not a batch, a bad start and bad options", () => {
    const tally = api.createTally();
    expect(() => tally.add("http://a/" as never)).toThrow(/expected a UrlBatch/);
    expect(() => tally.add(api.parseBatch("http://a/"), -1)).toThrow(TypeError);
    expect(() => api.createTally({ paths: 0 })).toThrow(/positive integer/);
    expect(() => api.createTally(7 as never)).toThrow(/options must be an object/);
    expect(tally.counts().valid).toBe(0);
  });
});
