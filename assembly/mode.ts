// The modes of the basic URL parser, one for each of its entries (parser.ts),
// as Ada's parser takes its mode as a template parameter:
//
//   parse()       the serialized URL and its record, with FLAG_HREF_IS_INPUT
//                 when the href is the input byte for byte (the wrapper then
//                 reuses the input string): PARSE
//   a batch line  the same, but the href always written to the output and
//                 never compared with the input, which a batch does not reuse
//                 (so it does not pay for a comparison it would throw away),
//                 and the record packed into the line's row; the fast path
//                 is given the block's end and finds the line's (its LF) as
//                 it goes: BATCH
//   canParse()    the status only: the parser's first phase (parser.ts)
//
// PARSE and BATCH are the type argument of the fast path for serialized URLs
// (serialized.ts) and of the record's writer (record.ts), so asc compiles a
// copy of them for each, in which comparesInput() is a constant and which
// binaryen inlines into its callers. The value goes with the type as an
// argument for the JS build, where type arguments are erased; the WASM copies
// do not read it, and binaryen drops it. The types differ in size, which
// names the copy. The parser itself takes the mode as a flag (parser.ts
// parseOnce()).

export type ParseMode = u32;
type BatchMode = u16;
export const PARSE: ParseMode = 0;
export const BATCH: BatchMode = 1;

/** Whether `mode` compares the href with the input (parse()) rather than always writing it (a batch). */
export function comparesInput<M>(mode: M): bool {
  if (ASC_TARGET != 0) return sizeof<M>() == sizeof<ParseMode>();
  return mode == PARSE;
}
