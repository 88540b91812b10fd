// Preloaded (node --import) by the combined-log suite into the processes it
// times: their peak resident set size, printed on stderr as they exit.
import { writeSync } from "node:fs";

process.on("exit", () => writeSync(2, `\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`));
