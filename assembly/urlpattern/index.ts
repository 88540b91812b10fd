// The URL pattern module: the compiled programs of URL patterns run over
// bytes in the core's memory. Every export of the module is listed here.

/** Match one component's compiled program over bytes (matcher.ts). */
export { matchComponent } from "./matcher";
