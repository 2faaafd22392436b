// Invoker commands (button commandfor/command) let a button open a <dialog> without JavaScript.
// React passes the lowercase attributes through; @types/react does not list them yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?:
      | "show-modal"
      | "close"
      | "request-close"
      | "toggle-popover"
      | "show-popover"
      | "hide-popover";
  }
}
