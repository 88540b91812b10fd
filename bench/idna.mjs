// UTS #46 ToASCII, swurl's (src/whatwg/uts46.ts) against the tr46 package with
// the same flags, in one process, in ns per call. No cache: idna.ts keeps one
// in front of toAscii for repeated hosts; this measures the work it saves.
//
//   npm run build && node bench/idna.mjs    (any node binary; the build generates the data)
//
// Inputs: well-known IDN hosts (IANA's IDN test domains "example.test" in
// eleven scripts, and the sites of registries and cities), then the non-ASCII
// inputs of the vendored WPT files (toascii.json, IdnaTestV2.json), which mix
// valid and failing ones. The corpora in /work/shared/data hold no IDN host.
// Each round runs both on every input of a set, alternating which goes first;
// the median round is reported.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import tr46 from "tr46";
import { keep, median } from "./lib.mjs";
import { DOMAIN_TO_ASCII as OPTIONS } from "../scripts/tr46-flags.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const REAL = [
  "例子.测试",
  "例子.測試",
  "παράδειγμα.δοκιμή",
  "مثال.إختبار",
  "उदाहरण.परीक्षा",
  "例え.テスト",
  "실례.테스트",
  "مثال.آزمایشی",
  "пример.испытание",
  "உதாரணம்.பரிட்சை",
  "בײַשפּיל.טעסט",
  "bücher.de",
  "münchen.de",
  "köln.de",
  "gießen.de",
  "zürich.ch",
  "www.bücher.de",
  "Bücher.DE",
  "президент.рф",
  "яндекс.рф",
  "кто.рф",
  "中国互联网络信息中心.中国",
  "한국인터넷진흥원.한국",
  "日本語.jp",
  "ñandú.cl",
  "العربية.امارات",
  "xn--bcher-kva.de",
  "xn--mnchen-3ya.de.",
];

function wptInputs(file) {
  const cases = JSON.parse(readFileSync(path.join(root, "test/fixtures/wpt", file), "utf8"));
  return cases.filter((c) => typeof c === "object" && /[^\0-\x7f]/.test(c.input)).map((c) => c.input);
}

async function loadToAscii() {
  const result = await esbuild.build({
    entryPoints: [path.join(root, "src/whatwg/uts46.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "warning",
  });
  const dir = mkdtempSync(path.join(tmpdir(), "swurl-idna-"));
  const file = path.join(dir, "uts46.mjs");
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return (await import(pathToFileURL(file).href)).toAscii;
  } finally {
    rmSync(dir, { recursive: true });
  }
}

const toAscii = await loadToAscii();
const contenders = [
  ["swurl", toAscii],
  ["tr46", (s) => tr46.toASCII(s, OPTIONS)],
];

/** ns per call of one pass of `fn` over `inputs`, repeated to last about 20 ms. */
function pass(fn, inputs, repeat) {
  const start = process.hrtime.bigint();
  for (let r = 0; r < repeat; r++) for (const s of inputs) keep(fn(s));
  return Number(process.hrtime.bigint() - start) / (repeat * inputs.length);
}

const ROUNDS = 30;
console.log(`Node ${process.version}: ns per call, median of ${ROUNDS} rounds`);
for (const [name, inputs] of [
  ["IDN hosts", REAL],
  ["toascii.json, non-ASCII", wptInputs("toascii.json")],
  ["IdnaTestV2.json, non-ASCII", wptInputs("IdnaTestV2.json")],
]) {
  for (const [, fn] of contenders) for (const s of inputs) if (fn(s) === undefined) throw new Error("no result");
  const repeat = Math.max(1, Math.round(4000 / inputs.length));
  for (const [, fn] of contenders) pass(fn, inputs, repeat); // warm-up
  const times = contenders.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = (k + round) % contenders.length;
      times[c].push(pass(contenders[c][1], inputs, repeat));
    }
  }
  const [ours, theirs] = times.map(median);
  console.log(
    `${name} (${inputs.length}): swurl ${ours.toFixed(0)}, tr46 ${theirs.toFixed(0)}: swurl ${(theirs / ours).toFixed(2)}x as fast`,
  );
}
