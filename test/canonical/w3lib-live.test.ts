// The "w3lib" profile against w3lib itself (Debian's python3-w3lib, run by
// /usr/bin/python3; skipped with a notice where it cannot be installed, and
// required under CI=true: scripts/debian.mjs), on every 7th line of the
// three corpora, in every build. The profile follows w3lib as its tests are
// (v2.4.1-176); Debian's 2.1.1 is older, and each difference must be one of
// the changes w3lib made since, on purpose (docs/canonical.md).
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { runChild } from "../helpers/child";
import { w3libForTests } from "../../scripts/python.mjs";

const PYTHON = w3libForTests();
const VERSION =
  PYTHON === null
    ? null
    : runChild(PYTHON, ["-c", "import w3lib; print(w3lib.__version__)"], { encoding: "utf8" }).stdout.trim();

/** Why the profile (w3lib after 2.4.1) and w3lib 2.1.1 differ on `url`, or null for no known reason. */
function knownChange(url: string): string | null {
  const beforeQuery = url.split(/[?#]/)[0];
  if (/^(https?|wss?|ftp|file):/i.test(url) && beforeQuery.includes("\\")) return "a backslash is a slash";
  if (/\?[^#]*;/.test(url)) return "';' no longer separates query parameters";
  if (/^(file|wss?):(?!\/)/i.test(url)) return "no '///' before a relative path";
  return null;
}

const lines = ["kasztp", "npm-mixed", "debian-files"].flatMap((c) => corpusLines(c).filter((_, i) => i % 7 === 0));

/** What w3lib's canonicalize_url() gives for each line (null where it raises). */
function w3libAnswers(urls: string[]): (string | null)[] {
  const script = [
    "import json, sys",
    "from w3lib.url import canonicalize_url",
    "out = []",
    "for u in json.load(sys.stdin):",
    "    try: out.append(canonicalize_url(u))",
    "    except Exception: out.append(None)",
    "json.dump(out, sys.stdout)",
  ].join("\n");
  const r = runChild(PYTHON!, ["-c", script], { input: JSON.stringify(urls), encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`w3lib failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe.skipIf(VERSION === null)(`the w3lib profile against w3lib ${VERSION} (${PYTHON})`, () => {
  const answers = VERSION === null ? [] : w3libAnswers(lines);

  describe.each(builds)("%s", (_name, api) => {
    it(`differs on ${lines.length} corpus lines only where w3lib changed since`, () => {
      const unexplained: [string, string | null, string | null][] = [];
      let changed = 0;
      for (const [i, url] of lines.entries()) {
        const got = api.canonicalize(url, { profile: "w3lib" });
        if (got === answers[i]) continue;
        if (knownChange(url) === null) unexplained.push([url, got, answers[i]]);
        else changed++;
      }
      expect(unexplained).toEqual([]);
      // (101 of 9,971 when this was written; the corpora do not change.)
      expect(changed).toBeLessThan(lines.length / 50);
    });
  });
});
