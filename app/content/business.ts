/** The business facts live in shared/business.ts, beside the contact function that uses them too. */
export * from "../../shared/business";
