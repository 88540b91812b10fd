// The crawler keys on the command line: `canon --profile NAME`, `canon
// --surt`, `parse --fields surt,canonical --profile NAME`. Each line must be
// what the library gives for it (the profiles' own cases are in test/canonical/).
import { describe, expect, it } from "vitest";
import * as swurlApi from "../../build/index.js";
import { lines, swurl } from "../helpers/cli-run";

const INPUT = [
  "http://www.Example.com/a/../b?z=1&a=2#f",
  "www.google.com",
  "http://host/%25%32%35",
  "https://www.example.com/r\u00e9sum\u00e9?q=a+b",
  "",
  "http://[::1",
];
const TEXT = INPUT.join("\n") + "\n";
const PROFILES = ["w3lib", "safe-browsing", "surt", "normalize-url", "crawlee"] as const;

describe("swurl canon --profile, --surt", () => {
  it.each(PROFILES)("--profile %s writes canonicalize(line, { profile }) for each line", (profile) => {
    const r = swurl(["canon", "--profile", profile], TEXT);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const want = INPUT.map((line) => swurlApi.canonicalize(line, { profile } as never) ?? "");
    expect(lines(r.stdout)).toEqual(want);
  });

  it("--surt writes surt(line) for each line; --dedupe keeps the first of each", () => {
    const r = swurl(["canon", "--surt"], TEXT);
    expect(r.status).toBe(0);
    expect(lines(r.stdout)).toEqual(INPUT.map((line) => swurlApi.surt(line) ?? ""));
    expect(lines(r.stdout).slice(0, 2)).toEqual(["com,example)/b?a=2&z=1", "com,google)/"]);
    const d = swurl(["canon", "--surt", "--dedupe"], TEXT + TEXT);
    // (--dedupe leaves out the lines without a key.)
    expect(lines(d.stdout)).toEqual([...new Set(lines(r.stdout))].filter((l) => l !== ""));
  });

  it("with --base, a profile reads the URL as parsed", () => {
    const r = swurl(["canon", "--profile", "w3lib", "--base", "http://a.example/x/"], "../b?z=1&a=2\n");
    expect(lines(r.stdout)).toEqual(["http://a.example/b?a=2&z=1"]);
  });

  it.each([
    [["--profile", "nope"], /^swurl: canon: --profile: unknown profile "nope"; expected one of .*w3lib.*surt/],
    [["--surt", "--profile", "w3lib"], /--surt writes SURT keys; it takes no --profile/],
    [["--profile", "w3lib", "--sort-query"], /not of a --profile/],
  ])("refuses %j", (args, message) => {
    const r = swurl(["canon", ...args], TEXT);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  });
});

describe("swurl parse --fields surt,canonical", () => {
  it("writes the keys, with canonical by --profile, also where the WHATWG parse fails", () => {
    const r = swurl(["parse", "--fields", "input,surt,canonical", "--profile", "safe-browsing", "-f", "jsonl"], TEXT);
    expect(r.status).toBe(0);
    const rows = lines(r.stdout).map((l) => JSON.parse(l));
    expect(rows[1]).toMatchObject({
      input: "www.google.com",
      surt: "com,google)/",
      canonical: "http://www.google.com/",
    });
    for (const [i, row] of rows.entries()) {
      // A record without a key (a port SURT cannot read; no host) has null, as the other fields of a failure.
      expect(row.surt).toBe(swurlApi.surt(INPUT[i]));
      expect(row.canonical).toBe(swurlApi.canonicalize(INPUT[i], { profile: "safe-browsing" }));
    }
  });

  it("canonical is swurl's own form without --profile; --profile needs the canonical field", () => {
    const r = swurl(["parse", "--fields", "canonical", "-f", "tsv", "--no-header"], "HTTP://A.example:80/%7e\n");
    expect(r.stdout).toBe("http://a.example/~\ttrue\n");
    const bad = swurl(["parse", "--fields", "surt", "--profile", "w3lib"], TEXT);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--profile is the profile of the canonical field/);
  });
});
