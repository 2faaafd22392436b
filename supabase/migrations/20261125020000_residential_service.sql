-- Residential (house) cleaning joins the services a request may name (docs/contact-api.md,
-- "Services"; shared/contact-fields.ts). The seed's seven values stay; the check names all eight.

alter table public.contact_requests drop constraint contact_requests_service_check;

alter table public.contact_requests add constraint contact_requests_service_check check (
  service in ('residential', 'janitorial', 'commercial', 'office', 'post-construction', 'carpet',
              'floor-wax', 'other')
);
