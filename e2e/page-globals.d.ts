// What the journeys' own scripts add to a page's global scope: they run in the page (an init script, or a
// function handed to `page.evaluate`), and the journey reads them back.
import type axeCore from 'axe-core';

declare global {
  /** axe-core, added by the accessibility scans (`page.addScriptTag`). */
  var axe: typeof axeCore;
  /** harness.mjs: reports a raw translation key shown (a binding to the test). */
  var __esignRawKey: ((found: { text: string; where: string }) => unknown) | undefined;
  /** harness.mjs: looks at the whole page for raw keys now. */
  var __esignInspectRawKeys: (() => void) | undefined;
  /** any-address.test.mjs: the page's history changes, in order. */
  var __historyChanges: string[];
  /** signing-evidence.test.mjs: each moment a Sign button became enabled, and whether the page was painted. */
  var __signEnabled: { painted: boolean }[];
  /** signing-evidence.test.mjs: frames that showed the display failure beside a Sign button. */
  var __failureBesideSign: number;
}

export {};
