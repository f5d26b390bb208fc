// Opens the server's dialogs (sheets, alerts, confirmation dialogs) modally and reports how the user
// closes them.
//
// `dialog[data-lui-dialog]` arrives closed; each is opened with `showModal()` (focus moves in, the page
// behind is inert). Escape or a click outside sends `dismiss` to the server, which sets the binding to
// false and removes the dialog; focus then returns to the element that had it when the dialog opened.

import { ATTR, DIALOG } from "./constants.js";

/**
 * @param {Element} container  `#liveui-root`
 * @param {object} o
 * @param {(target: string, type: string, value?: string) => void} o.send
 * @returns {{sync(): void, destroy(): void}}
 */
export function bindDialogs(container, o) {
  const doc = container.ownerDocument;
  /** Open dialogs → the element (and its lid) that had focus before. */
  const openers = new Map();
  /** Dialogs whose dismissal was sent: not opened again while the server answers. */
  const dismissing = new WeakSet();

  const dismiss = (dialog) => {
    const lid = dialog.getAttribute(ATTR.LID);
    if (!lid || dismissing.has(dialog)) return;
    dismissing.add(dialog);
    o.send(lid, DIALOG.DISMISS_EVENT);
  };

  const restoreFocus = ({ element, lid }) => {
    const target = element?.isConnected ? element : lid ? container.querySelector(`[${ATTR.LID}="${CSS.escape(lid)}"]`) : null;
    if (target && typeof target.focus === "function") target.focus();
  };

  const sync = () => {
    for (const dialog of container.querySelectorAll(DIALOG.SELECTOR)) {
      if (dialog.open || dismissing.has(dialog) || openers.has(dialog)) continue;
      const active = doc.activeElement;
      openers.set(dialog, { element: active, lid: active?.getAttribute?.(ATTR.LID) ?? null });
      try {
        dialog.showModal();
      } catch (error) {
        console.warn("LiveUI: a dialog could not be opened", error);
      }
    }
    for (const [dialog, opener] of [...openers]) {
      if (dialog.isConnected) continue;
      openers.delete(dialog);
      // The innermost dialog still open keeps focus; otherwise it goes back where it was.
      if (![...openers.keys()].some((d) => d.isConnected && d.open && d.contains(opener.element))) restoreFocus(opener);
    }
  };

  // Escape: the browser closes the dialog; the server then removes it (or, refusing, it opens again).
  const onCancel = (event) => {
    const dialog = event.target;
    if (!(dialog instanceof Element) || !dialog.matches(DIALOG.SELECTOR)) return;
    dismiss(dialog);
  };

  // A click on the backdrop lands on the dialog itself, outside its box.
  const onClick = (event) => {
    const dialog = event.target;
    if (!(dialog instanceof Element) || !dialog.matches(DIALOG.SELECTOR)) return;
    if (dialog.getAttribute(DIALOG.KIND_ATTR) === DIALOG.COVER) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (inside) return;
    dialog.close();
    dismiss(dialog);
  };

  // Closed by the browser (Escape): the browser returns focus itself.
  const onClose = (event) => {
    const dialog = event.target;
    if (!(dialog instanceof Element) || !dialog.matches(DIALOG.SELECTOR)) return;
    openers.delete(dialog);
  };

  container.addEventListener("cancel", onCancel, true);
  container.addEventListener("click", onClick);
  container.addEventListener("close", onClose, true);
  sync();
  return {
    sync,
    destroy() {
      container.removeEventListener("cancel", onCancel, true);
      container.removeEventListener("click", onClick);
      container.removeEventListener("close", onClose, true);
    },
  };
}
