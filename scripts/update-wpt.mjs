// Refresh the vendored web-platform-tests URL data from a directory holding
// WPT's url/resources/ files (a WPT checkout, or another project's vendored copy):
//   npm run update-wpt -- path/to/wpt/url/resources
// Files are copied byte for byte into test/fixtures/wpt/ (contents only: a
// read-only source does not make the vendored copy read-only).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const FILES = [
  "urltestdata.json",
  "setters_tests.json",
  "toascii.json",
  "IdnaTestV2.json",
  "percent-encoding.json",
  "urlencoded-parser-data.json",
];

const source = process.argv[2];
if (source === undefined) {
  console.error("usage: npm run update-wpt -- <directory with WPT's url/resources files>");
  process.exit(1);
}
const missing = FILES.filter((name) => !existsSync(path.join(source, name)));
if (missing.length > 0) {
  console.error(`update-wpt: not found in ${source}: ${missing.join(", ")}`);
  process.exit(1);
}

const target = fileURLToPath(new URL("../test/fixtures/wpt/", import.meta.url));
for (const name of FILES) {
  const bytes = readFileSync(path.join(source, name));
  const to = path.join(target, name);
  const changed = !existsSync(to) || !bytes.equals(readFileSync(to));
  writeFileSync(to, bytes);
  console.log(`${changed ? "updated  " : "unchanged"} ${name}`);
}
