'use client';

import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

type MobileMenuProps = {
  openLabel: string;
  closeLabel: string;
  /** Accessible name of the drawer. */
  title: string;
  /** Shown at the top left of the drawer, where the logo sits in the header. */
  brand: ReactNode;
  children: ReactNode;
};

/** The browser runs a button's `command` on its `commandfor` dialog itself (Invoker Commands). */
const hasInvokerCommands = () => typeof HTMLButtonElement !== 'undefined' && 'commandForElement' in HTMLButtonElement.prototype;

/**
 * The full-screen drawer below lg. A modal <dialog> makes the page behind inert, closes on
 * Escape and returns focus to the menu button. The buttons open and close it with the browser's
 * own invoker commands (`command`/`commandfor`), so a tap works from the first paint, before React
 * has hydrated and where it never does; React adds what needs script: opening in a browser
 * without invoker commands, closing on a link the app's router follows, and keeping Tab inside the
 * drawer (it could otherwise leave the document for the browser's own UI).
 * The menu button has no aria-expanded: ARIA in HTML forbids it beside `command` (the W3C Nu
 * checker's error), and while the modal drawer is open the page behind it, button included, is
 * inert, so its state could never be read; aria-haspopup="dialog" says what it opens.
 */
export function MobileMenu({ openLabel, closeLabel, title, brand, children }: MobileMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  function show() {
    if (!hasInvokerCommands() && !dialog.current?.open) dialog.current?.showModal();
  }

  function close() {
    if (!hasInvokerCommands()) dialog.current?.close();
  }

  // Choosing any link in the drawer closes it (spec §2).
  function closeOnLink(event: MouseEvent<HTMLDialogElement>) {
    if (event.target instanceof Element && event.target.closest('a')) dialog.current?.close();
  }

  function wrapFocus(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <button
        type="button"
        aria-label={openLabel}
        aria-haspopup="dialog"
        aria-controls={id}
        {...{ command: 'show-modal', commandfor: id }}
        onClick={show}
        className="-mr-2 grid size-12 place-items-center lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 7h18M3 12h18M3 17h18" strokeLinecap="round" />
        </svg>
      </button>
      {/* The drawer is black in both colour modes; the dark class gives its contents the matching palette. */}
      <dialog
        ref={dialog}
        id={id}
        aria-label={title}
        onClick={closeOnLink}
        onKeyDown={wrapFocus}
        className="dark fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-y-auto bg-page p-0 text-fg backdrop:bg-transparent open:animate-[drawer-in_300ms_ease-out] motion-reduce:open:animate-none lg:hidden"
      >
        <div className="mx-auto flex min-h-full max-w-content flex-col px-4 pb-10 md:px-6">
          <div className="flex h-header items-center justify-between">
            {brand}
            <button
              type="button"
              aria-label={closeLabel}
              {...{ command: 'close', commandfor: id }}
              onClick={close}
              className="-mr-2 grid size-12 place-items-center"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      </dialog>
    </>
  );
}
