/* global document */
// The sandbox PIX page's Copy button (apps/server/src/modules/payments/sandbox.page.ts). The page's CSP
// allows scripts from this origin only, never inline ones, so the button's code is this file, served with
// the player app. Without it the page still works: the code stays selectable in its text box.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const source = document.getElementById(button.dataset.copy);
  const status = document.getElementById(button.dataset.copyStatus);
  button.hidden = false;
  button.addEventListener('click', async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(source.value);
      copied = true;
    } catch {
      // Older browsers, or no clipboard permission in a frame: select the text and copy the selection.
      source.focus();
      source.select();
      copied = document.execCommand('copy');
    }
    status.textContent = copied ? button.dataset.done : button.dataset.failed;
  });
}
