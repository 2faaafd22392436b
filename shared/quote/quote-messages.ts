/**
 * What a visitor reads about the quote details: quote-details.ts says them from the function's
 * schema, the contact form from its own checks; apart from both so the form loads no schema.
 */
export const quoteMessages = {
  zip: "Please enter a 5-digit ZIP code.",
  estimate: "Please check the estimate's details.",
  offer: "That offer is not available.",
  /** A day picked but not added, when three times are already added (the form's own check). */
  pickedTimeNoRoom:
    'You have three times already: remove one to add the day you picked, or set Day back to "Choose a day".',
} as const;
