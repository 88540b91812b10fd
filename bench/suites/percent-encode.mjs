// percentEncode(line, "path") of every corpus line, on each kernel build.
import { perLine } from "../lib.mjs";

export const title = "percentEncode(line, 'path'), every corpus line";

export const tasks = (context) => perLine(context, (api) => (line) => api.percentEncode(line, "path"));
