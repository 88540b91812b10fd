// percentDecode() of every corpus line, on each kernel build. Most real URLs
// hold no "%" (150 of the 48,010 corpus lines do): the wrapper returns those
// without calling the kernel, so this measures that check as much as decoding.
import { perLine } from "../lib.mjs";

export const title = "percentDecode(), every corpus line";

export const tasks = (context) => perLine(context, (api) => api.percentDecode);
