// Long work that awaits nothing the event loop must do (a dedupe's partitions
// read and written with readSync/writeSync, its merge to a file as standard
// output, which Node writes synchronously) gives the loop a turn now and then:
// a signal's listener only runs in a turn (temp-folder.ts removes the folder
// and exits 128+n), and a stop should take well under a second.

/** Milliseconds of work between two turns: a stop waits at most this long, and a turn costs ~10 us. */
const TURN_MS = 100;

let last = performance.now();

/** A turn of the event loop (timers, I/O, signals) if TURN_MS have passed since the last one. */
export async function turn(): Promise<void> {
  const now = performance.now();
  if (now - last < TURN_MS) return;
  last = now;
  await new Promise<void>((resolve) => setImmediate(resolve));
}
