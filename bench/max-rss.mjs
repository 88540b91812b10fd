// Preloaded (node --import) by the combined-log suite into the processes it
// times (and bench/dedupe-frontier.mjs): their peak resident set size and
// CPU time (user + system), printed on stderr as they exit.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const usage = process.resourceUsage();
  const cpuMs = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000);
  writeSync(2, `\nmax-rss-kb ${usage.maxRSS} cpu-ms ${cpuMs}\n`);
});
