/**
 * The five client quotes in the testimonials carousel (product.md, Widgets): one per
 * town, all rated 5. Names and quotes are fictional placeholders for the owner's real reviews.
 */
export type Testimonial = {
  name: string;
  /** Shown in the avatar circle in place of a photo. */
  initials: string;
  rating: 5;
  text: string;
  location: string;
  service: string;
};

export const testimonials: Testimonial[] = [
  {
    name: "Lauren M.",
    initials: "LM",
    rating: 5,
    text: "We have a three-story townhome, and I used to lose a whole Saturday to the stairs and bathrooms. The same two-person crew comes every other Thursday, and they noticed on their own that our older dog gets nervous around the vacuum, so they do the bedrooms first while he naps downstairs.",
    location: "Plymouth Meeting, PA",
    service: "Residential Cleaning",
  },
  {
    name: "David K.",
    initials: "DK",
    rating: 5,
    text: "I manage an office of about forty people off First Avenue, and our previous cleaning company skipped nights without telling us. Keystone Shine has been there every weeknight since we switched, and when we needed an extra clean before a board meeting, they fit in a Saturday visit without any fuss.",
    location: "King of Prussia, PA",
    service: "Commercial Cleaning",
  },
  {
    name: "Angela T.",
    initials: "AT",
    rating: 5,
    text: "I manage a dozen rental units near the university, and most of them turn over within the same few weeks every summer. The crew cleaned the carpets in back-to-back units and each one was dry before I brought the next tenants through. Two bedrooms I had written off for new carpet came out looking fine.",
    location: "West Chester, PA",
    service: "Carpet Cleaning",
  },
  {
    name: "Mike S.",
    initials: "MS",
    rating: 5,
    text: "We build townhomes in Exton and needed a final-clean crew we could count on before buyer walkthroughs. They work from our punch list, got the drywall dust out of every window track and register, and flagged a chipped tub before the buyer ever saw it.",
    location: "Exton, PA",
    service: "Post-Construction Cleaning",
  },
  {
    name: "Catherine W.",
    initials: "CW",
    rating: 5,
    text: "Our stone house in Berwyn was built in the 1920s, and I was nervous about anyone working around the original floors and woodwork. The team asked which products were safe before they started and took their time on the built-ins and the stair railing. After a year of monthly visits, I would not trust anyone else with it.",
    location: "Berwyn, PA",
    service: "Residential Cleaning",
  },
];
