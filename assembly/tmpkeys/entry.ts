export { crawlerKey } from "../canonical/keys";
