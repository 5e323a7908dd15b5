/**
 * SPEC 8: resize-observer errors are silently suppressed. Browsers report "ResizeObserver loop completed with
 * undelivered notifications" (harmless: layout settles on the next frame) as a window error; stop it there.
 */
const RESIZE_OBSERVER_MESSAGES = [
  'ResizeObserver loop completed with undelivered notifications',
  'ResizeObserver loop limit exceeded',
];

export function isResizeObserverError(message: unknown): boolean {
  return typeof message === 'string' && RESIZE_OBSERVER_MESSAGES.some((text) => message.includes(text));
}

export function suppressResizeObserverErrors(): void {
  window.addEventListener(
    'error',
    (event) => {
      if (isResizeObserverError(event.message)) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    },
    { capture: true },
  );
}
