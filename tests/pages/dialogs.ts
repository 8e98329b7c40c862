import type { Locator } from 'playwright-core';

/** antd's opening motions of a modal, a confirm and a pop-up (popconfirm, dropdown, a select's list). */
const OPENING =
  '.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-big-appear, .ant-zoom-big-enter, .ant-slide-up-appear, .ant-slide-up-enter';

/**
 * Clicks a button of a dialog or pop-up once it has finished opening. On a loaded CI machine a click during
 * the zoom was seen to miss the button (the dialog then stays open until the test's timeout).
 */
export async function clickWhenOpen(button: Locator): Promise<void> {
  await button.waitFor();
  await button.page().waitForFunction((sel) => !document.querySelector(sel), OPENING);
  await button.click();
}
