import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/cn";

type ModalDialogProps = {
  id: string;
  /** Controlled mode: the dialog follows this flag. Omit it when a DialogTrigger opens the dialog. */
  open?: boolean;
  /** Called however the dialog closes: close button, Escape or a click on the backdrop. */
  onClose?: () => void;
  /** The id of the dialog's heading, which names it for assistive technology. */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: React.ReactNode;
};

/**
 * The native modal <dialog>: the browser traps focus, closes it on Escape and returns focus to
 * whatever opened it. This adds a close button that works without JavaScript, backdrop clicks
 * and, in controlled mode, React state.
 */
export function ModalDialog({
  id,
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element || open === undefined) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const handleClose = () => onCloseRef.current?.();
    element.addEventListener("close", handleClose);
    return () => element.removeEventListener("close", handleClose);
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes a modal dialog natively
    <dialog
      ref={dialog}
      id={id}
      closedby="any"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={(event) => {
        // For browsers without closedby: a click on the dialog box itself hit the backdrop.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-700 shadow-2xl",
        className,
      )}
    >
      <div className="relative">
        <form method="dialog" className="absolute top-3 right-3 z-10">
          <button
            type="submit"
            className="inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </button>
        </form>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A button that opens a ModalDialog by id. Invoker commands make it work before (and without)
 * JavaScript; the click handler covers browsers that lack them.
 */
export function DialogTrigger({
  dialogId,
  className,
  children,
  ...props
}: React.ComponentProps<"button"> & { dialogId: string }) {
  return (
    <button
      type="button"
      commandfor={dialogId}
      command="show-modal"
      aria-haspopup="dialog"
      onClick={() => {
        if ("command" in HTMLButtonElement.prototype) return;
        const target = document.getElementById(dialogId);
        if (target instanceof HTMLDialogElement && !target.open) target.showModal();
      }}
      className={className}
      {...props}
    >
      {children}
    </button>
  );
}
