// An application as a user writes it: swurl imported by its package name, for
// a bundler to resolve (esbuild, Vite and webpack in test/package/browser.test.ts).
// The page has loaded page.js first, which checks what it is given.
import * as swurl from "swurl";

window.swurlCheck(swurl);
