// What a step of the parser leaves for its caller besides its return value,
// in one place: each a static field, which asc compiles to one WASM global,
// as it would a module-level variable. A step writes its fields, and its
// caller reads them right after; nothing here is kept from one call to the
// next. (The URL being written, parser.ts's `out` ... `host`, is the parser's
// state rather than a step's output; the setters read it after a state
// override. Between the two calls of the call protocol, the kernel keeps
// one flag: layout.ts BASE_HREF_ABSENT.)

import { HOST_EMPTY } from "./layout";

// biome-ignore lint/complexity/noStaticOnlyClass: static fields are globals to asc, and assignable from the modules that import them (an imported `let` is not).
export class Last {
  /** parseHost() (host.ts): the kind of the host (layout.ts HOST_*). */
  static hostKind: i32 = HOST_EMPTY;
  /** parseHost(): where a domain that needs IDNA was left, [idnaStart, idnaEnd). */
  static idnaStart: i32 = 0;
  static idnaEnd: i32 = 0;
  /** parseIPv4() (ipv4.ts): the address. */
  static ipv4Address: u32 = 0;
  /** portDigits() (port.ts): the value of the digits, -1 once over 65535. */
  static portValue: i32 = 0;
  /** pathState() (path.ts): where it stopped in the input, at "?", "#" or the end. */
  static pathStop: i32 = 0;
  /** hostOverride() (parser.ts): whether it set the port too (then [hostEnd, its result) is the port's). */
  static portGiven: bool = false;
}
