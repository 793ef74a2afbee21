import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { RefObject } from 'react'
import { closeClass, closeContent, MenuPanel, MOBILE_MENU_ID } from './mobile-menu-panel'

/**
 * The mobile menu once JavaScript runs: a Radix dialog (focus moves in and
 * stays, Escape and 'Fechar menu' close it, focus returns to the toggle).
 * Loaded on the toggle's first hover, focus or tap, so no page carries Radix
 * up front (ADR 025).
 */
export default function MobileMenuDialog({ onClose, toggle }: { onClose: () => void; toggle: RefObject<HTMLButtonElement> }) {
  return (
    <DialogPrimitive.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          id={MOBILE_MENU_ID}
          aria-describedby={undefined}
          // The toggle is not a Radix Trigger (it exists before this module loads), so focus goes back to it here.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            toggle.current?.focus()
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white md:hidden motion-safe:animate-fade-up"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <MenuPanel closeControl={<DialogPrimitive.Close className={closeClass}>{closeContent}</DialogPrimitive.Close>} onNavigate={onClose} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
