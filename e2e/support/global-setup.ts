// @ts-expect-error: a plain ESM script shared with npm start
import { ensureWebBuild } from '../../scripts/web-build.mjs';

/** The browser tests drive the built app, so build it first when its sources changed. */
export default function setup(): void {
  ensureWebBuild();
}
