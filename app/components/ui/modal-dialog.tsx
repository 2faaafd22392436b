import { X } from "lucide-react";
import { cn } from "~/lib/cn";

type ModalDialogProps = Omit<React.ComponentProps<"dialog">, "open"> & {
  id: string;
  /** The id of the dialog's heading, which names it for assistive technology. */
  labelledBy: string;
  describedBy?: string;
};

/**
 * The native modal <dialog>, prerendered closed: the browser traps focus, closes it on Escape,
 * on a backdrop click (`closedby="any"`) and with the close button (a `method="dialog"` form),
 * and returns focus to whatever opened it. None of that needs JavaScript.
 */
export function ModalDialog({
  id,
  labelledBy,
  describedBy,
  className,
  children,
  ...attributes
}: ModalDialogProps) {
  return (
    <dialog
      id={id}
      closedby="any"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-700 shadow-2xl",
        className,
      )}
      {...attributes}
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
 * A button that opens a ModalDialog by id with invoker commands, before and without JavaScript.
 * The `service-dialogs` island covers browsers without them.
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
      className={className}
      {...props}
    >
      {children}
    </button>
  );
}
