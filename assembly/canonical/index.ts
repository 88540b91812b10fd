// The crawler-key module: the byte steps and keys of the crawler-key
// profiles. It shares the core's memory and reads its last parse (../core.ts).

/** The byte steps of the crawler-key profiles: w3lib's path, Safe Browsing's query (escapes.ts). */
export { w3libPath, googleMinimalEscape } from "./escapes";

/** The keys of the "normalize-url" and "crawlee" profiles, from a parse's record (keys.ts). */
export { crawlerKey } from "./keys";
