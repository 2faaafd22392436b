/**
 * The shared zod schema, loaded when a visitor starts on the form rather than with the page:
 * it is most of the contact page's JavaScript, and nobody needs it before typing.
 */
type SchemaModule = typeof import("../../shared/contact-schema");

let schema: Promise<SchemaModule> | undefined;

export function loadContactSchema(): Promise<SchemaModule> {
  schema ??= import("../../shared/contact-schema");
  schema.catch(() => {
    schema = undefined;
  });
  return schema;
}
