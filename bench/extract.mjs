// extractUrls() throughput on a few MB of mail- and log-like text, for each
// build of the kernel (WASM SIMD, WASM scalar, pure JS), in MB/s of UTF-8 text.
//
//   node bench/extract.mjs [--mb 4] [--time 2000]
//
// The texts are generated from a fixed seed, with the URLs of
// bench/data/kasztp.txt: a server log (ASCII: timestamps and colons on every
// line, a URL on some) and a mailbox (headers, quoted prose with a few
// non-ASCII names, bare URLs, "<URL:...>" wrappers broken across lines as in
// RFC 1738's appendix). A plain regular expression over the same text is
// timed as a reference point.
//
// String kinds matter in V8: the log is a one-byte string, the mailbox a
// two-byte one (its names hold characters above U+00FF), which TextEncoder
// turns into UTF-8 for the kernel ~10x slower. The corpus is decoded without
// its BOM, which would otherwise make every string cut from it two-byte.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { parseArgs } from "node:util";
import { Bench } from "tinybench";
import { createSwurl } from "../build/index.js";
import { mulberry32 } from "../scripts/data/random.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { mb: { type: "string", default: "4" }, time: { type: "string", default: "2000" } },
});
const targetBytes = Number(values.mb) * 1e6;

const raw = readFileSync(path.join(here, "data", "kasztp.txt"));
const bom = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0;
const corpus = raw.subarray(bom).toString("utf8").split("\n").filter(Boolean);
const WORDS = (
  "the of and to in is that for it as with was on be at by this had not are but from or have an they which " +
  "one you were all we her she there would their will when who him been has more if no out so said what up its about " +
  "into than them can only other new some could time these two may then do first any my now such like our over man me " +
  "even most made after also did many before must through back years where much your way well down should because " +
  "server request response deploy config version release cache token session upstream latency"
).split(" ");
const NAMES = [
  "José Núñez",
  "Zoë Schäfer",
  "Jim Smith",
  "Anna Kowalska",
  "Łukasz Wróbel",
  "Mary Jones",
  "François Dupré",
];

function text(kind, seed) {
  const rnd = mulberry32(seed);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const url = () => pick(corpus);
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const lines = [];
  let size = 0;
  const push = (line) => {
    lines.push(line);
    size += line.length + 1;
  };
  let t = 0;
  while (size < targetBytes) {
    if (kind === "log") {
      t += Math.floor(rnd() * 900);
      const time = new Date(1714550400000 + t * 1000).toISOString().replace("T", " ").replace("Z", "");
      const level = pick(["INFO ", "INFO ", "INFO ", "WARN ", "DEBUG", "ERROR"]);
      const r = rnd();
      if (r < 0.25)
        push(
          `${time} ${level} [worker-${Math.floor(rnd() * 16)}] fetch ${url()} -> ${pick(["200", "301", "404", "503"])} in ${Math.floor(rnd() * 900)}ms`,
        );
      else if (r < 0.35) push(`${time} ${level} [http] referer="${url()}" ua="Mozilla/5.0 (X11; Linux x86_64)"`);
      else
        push(
          `${time} ${level} [${pick(["db", "queue", "auth", "cache"])}] ${words(6 + Math.floor(rnd() * 10))} id=${Math.floor(rnd() * 1e6)} took=${(rnd() * 100).toFixed(2)}ms`,
        );
    } else {
      push(`From: ${pick(NAMES)} <${pick(WORDS)}.${pick(WORDS)}@example.com>`);
      push(
        `Date: Mon, ${1 + Math.floor(rnd() * 28)} May 2024 ${String(Math.floor(rnd() * 24)).padStart(2, "0")}:${String(Math.floor(rnd() * 60)).padStart(2, "0")}:07 +0200`,
      );
      push(`Subject: Re: ${words(4)}`);
      push("");
      for (let p = 0; p < 3; p++) {
        const r = rnd();
        let body = `${words(12 + Math.floor(rnd() * 20))}`;
        if (r < 0.3) body += ` (see ${url()}).`;
        else if (r < 0.45) body += ` under <URL:${url()}>, ${words(5)}`;
        else if (r < 0.55) body += ` at <${url()}>.`;
        else body += `. ${words(8)}.`;
        // Break lines at about 72 characters, inside a wrapper too, as mail does.
        let line = "";
        for (const token of body.split(" ")) {
          if (line.length + token.length > 72 && line) {
            push((p === 1 ? "> " : "") + line);
            line = "";
          }
          if (token.length > 60 && token.startsWith("<")) {
            push((p === 1 ? "> " : "") + line + token.slice(0, 40));
            line = token.slice(40);
          } else {
            line += (line ? " " : "") + token;
          }
        }
        push((p === 1 ? "> " : "") + line);
        push("");
      }
      push(`-- \n${pick(NAMES)}`);
    }
  }
  return lines.join("\n");
}

const REFERENCE = /\b(?:https?|ftp|gopher|mailto|news|nntp|telnet|wais|file|prospero|wss?):[^\s<>"]+/gi;

const texts = [
  ["server log (one-byte string)", text("log", 1738)],
  ["mailbox (two-byte string)", text("mail", 1630)],
];
const time = Number(values.time);
const rows = [];
for (const [label, body] of texts) {
  const bytes = Buffer.byteLength(body);
  const bench = new Bench({ time, warmupTime: 500 });
  const counts = {};
  for (const kernel of ["wasm-simd", "wasm", "js"]) {
    const api = createSwurl(kernel);
    counts[kernel] = api.extractUrls(body).length;
    bench.add(kernel, () => api.extractUrls(body));
  }
  bench.add("regex (reference)", () => body.match(REFERENCE));
  counts["regex (reference)"] = body.match(REFERENCE).length;
  await bench.run();
  for (const task of bench.tasks) {
    const ms = task.result.latency.mean;
    rows.push({
      text: `${label}, ${(bytes / 1e6).toFixed(1)} MB`,
      build: task.name,
      "MB/s": Math.round(bytes / 1e6 / (ms / 1000)),
      "ms/run": Number(ms.toFixed(2)),
      urls: counts[task.name],
    });
  }
}
console.table(rows);
