// The page script of test/package/browser.test.ts: loads swurl from the URL in
// ?entry=, in the page or (with ?worker) in a module worker, runs check.ts
// and leaves the result (or the error) in window.swurlResult. Without
// ?entry=, a bundled application (app.js) hands its swurl to window.swurlCheck.
import { check } from "./check";

const params = new URLSearchParams(location.search);
const entry = params.get("entry");
const w = window as unknown as { swurlResult?: unknown; swurlCheck?: (api: Parameters<typeof check>[0]) => void };

function fail(error: unknown): void {
  w.swurlResult = { error: String(error) + ((error as Error)?.stack ? `\n${(error as Error).stack}` : "") };
}

if (entry === null) {
  w.swurlCheck = (api) => void check(api).then((result) => (w.swurlResult = result), fail);
} else if (params.has("worker")) {
  const worker = new Worker(`/t/worker.js?entry=${encodeURIComponent(entry)}`, { type: "module" });
  worker.onmessage = (event) => (w.swurlResult = event.data);
  worker.onerror = (event) => fail(event.message);
} else {
  import(entry).then(check).then((result) => (w.swurlResult = result), fail);
}
