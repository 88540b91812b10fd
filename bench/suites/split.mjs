// split() of every corpus line, on each kernel build.
import { perLine } from "../lib.mjs";

export const title = "split(), every corpus line";

export const tasks = (context) => perLine(context, (api) => api.split);
