// What a canonicalize() profile runs on: one API instance's parser, setters,
// escapes and form codec, all on the same kernel memory.

import type { Arena } from "../kernel/arena.js";
import type { ParseApi } from "../whatwg/parse.js";
import type { ParsedUrl } from "../whatwg/url.js";
import { settersApi } from "../whatwg/setters.js";
import { formCodec } from "../whatwg/urlencoded.js";
import { percentApi } from "../whatwg/percent.js";
import { kernelEscapes } from "./bytes.js";
import { kernelKey } from "./kernel-key.js";

export function profileContext(arena: Arena, core: ParseApi) {
  return {
    parse: core.parse,
    canParse: core.canParse,
    set: settersApi(arena, core).set,
    percentDecode: percentApi(arena).percentDecode,
    form: formCodec(() => arena),
    escapes: kernelEscapes(arena),
    key: kernelKey(arena, core),
  };
}

export type ProfileContext = ReturnType<typeof profileContext>;

/** A profile: the key of `input` (a ParsedUrl is taken as parsed), or null where the anchor finds no URL. */
export type Profile<O> = (input: string | ParsedUrl, options: O) => string | null;
