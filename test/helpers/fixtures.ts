// The test fixtures as Node reads them (test/fixtures/).
import { readFileSync } from "node:fs";
import type { KnownFailure, WptFiles } from "./wpt-helpers";

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8"));
}

export const wptFiles: WptFiles = (file) => readJson(`wpt/${file}`);

export function loadKnownFailures(): KnownFailure[] {
  return readJson("known-failures.json") as KnownFailure[];
}
