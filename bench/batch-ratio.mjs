// The batch suite's corpus tasks (bench/suites/batch.mjs: parseBatch +
// hostname + pathname on each kernel, and the Node.js text/split/new URL()
// loop), run in interleaved rounds instead of one after the other, so that a
// shared, loaded machine slows all of them alike; prints the best and the
// median pass of each and their ratios to the Node.js loop.
//
//   node bench/batch-ratio.mjs              40 rounds
//   node bench/batch-ratio.mjs --rounds=100
//
// Run it after `npm run build` (npm run bench builds too).
import { performance } from "node:perf_hooks";
import { loadCorpus } from "./corpus.mjs";
import { median, table } from "./lib.mjs";
import { corpusTasks } from "./suites/batch.mjs";

const KERNELS = ["wasm-simd", "wasm", "js"];
const WARMUP_ROUNDS = 3;

function parseArgs(argv) {
  let rounds = 40;
  for (const arg of argv) {
    if (arg.startsWith("--rounds=") && Number(arg.slice("--rounds=".length)) > 0) rounds = Number(arg.slice("--rounds=".length));
    else throw new Error(`unknown argument ${arg}; expected --rounds=N`);
  }
  return rounds;
}

async function main() {
  const rounds = parseArgs(process.argv.slice(2));
  const swurl = await import(new URL("../build/index.js", import.meta.url).href);
  const kernels = KERNELS.map((name) => ({ name, api: swurl.createSwurl(name) }));
  const corpus = loadCorpus(new URL("data/kasztp.txt", import.meta.url));
  const tasks = corpusTasks({ corpus, kernels });
  const times = tasks.map(() => []);
  for (let round = 0; round < WARMUP_ROUNDS + rounds; round++) {
    tasks.forEach((task, i) => {
      const start = performance.now();
      task.fn();
      if (round >= WARMUP_ROUNDS) times[i].push(performance.now() - start);
    });
  }
  const best = times.map((t) => Math.min(...t));
  const mid = times.map(median);
  const perUrl = (ms) => ((ms * 1e6) / corpus.lines.length).toFixed(0);
  console.log(`${corpus.lines.length} corpus lines, ${rounds} interleaved rounds after ${WARMUP_ROUNDS} to warm up; Node ${process.version}`);
  console.log(
    table(
      tasks.map((task, i) => ({
        task: task.label,
        best: perUrl(best[i]),
        median: perUrl(mid[i]),
        bestRatio: `${(best[0] / best[i]).toFixed(2)}x`,
        medianRatio: `${(mid[0] / mid[i]).toFixed(2)}x`,
      })),
      [
        ["task", "task", "l"], ["best ns/URL", "best", "r"], ["median ns/URL", "median", "r"],
        [`best vs ${tasks[0].label}`, "bestRatio", "r"], ["median vs it", "medianRatio", "r"],
      ],
    ),
  );
}

main().catch((error) => {
  console.error(`batch-ratio: ${error.message}`);
  process.exit(1);
});
