/**
 * The facts of the version live in a store, for a command-line tool that reads the store without
 * a running function (`npm run leads -- --schedule`: a plan's visits follow the live hours and
 * closed days). As a server starting on that store takes it up (site/content-follower.ts): the
 * live version when it passes the one schema, else the repository's.
 */
import { type Facts, factsOf, repositoryFacts } from "../../../shared/content/facts.ts";
import { checkSiteContent } from "../../../shared/content/site-content.ts";
import type { ContentStore } from "../store/content-store.ts";

export async function storedLiveFacts(store: Pick<ContentStore, "liveContent">): Promise<Facts> {
  const live = await store.liveContent();
  const checked = live ? checkSiteContent(live.document) : null;
  return checked?.ok ? factsOf(checked.content) : repositoryFacts();
}
