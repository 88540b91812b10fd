// The module worker of test/package/browser.test.ts: the same checks as page.ts, in a worker.
import { check } from "./check";

const entry = new URLSearchParams(location.search).get("entry")!;
import(entry).then(check).then(
  (result) => postMessage(result),
  (error) => postMessage({ error: String(error) }),
);
